/** The sections of the privacy policy, in the order of SPEC §2; ids are the URL fragments. */
export const POLICY_SECTIONS = [
  { id: 'introduction', key: 'introduction' },
  { id: 'information-collection', key: 'informationCollection' },
  { id: 'data-usage', key: 'dataUsage' },
  { id: 'data-sharing', key: 'dataSharing' },
  { id: 'cookies', key: 'cookies' },
  { id: 'user-rights', key: 'userRights' },
  { id: 'data-security', key: 'dataSecurity' },
  { id: 'children', key: 'children' },
  { id: 'changes', key: 'changes' },
  { id: 'contact', key: 'contact' },
] as const;

export type PolicySectionKey = (typeof POLICY_SECTIONS)[number]['key'];

/** SPEC §9: the policy's date. */
export const POLICY_LAST_UPDATED = '2025-03-16';

/** A paragraph, a sub-heading ("### " first) or a list. */
export type PolicyBlock = string | readonly string[];

/** Section bodies come from the translations; anything else than blocks is dropped. */
export function toBlocks(value: unknown): PolicyBlock[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (block): block is PolicyBlock =>
      typeof block === 'string' || (Array.isArray(block) && block.every((item) => typeof item === 'string')),
  );
}
