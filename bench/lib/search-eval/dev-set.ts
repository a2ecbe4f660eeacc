import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { listSections } from './curated-lists.js';
import { JUDGED_SETS_DIR, type JudgedQuery } from './judged-sets.js';
import { sample } from './sample.js';

/** The development set: headings of curated paper lists, judged by the papers the lists put under them. */
export const DEV_SET_DIR = path.join(JUDGED_SETS_DIR, 'dev');

/** The fewest papers of the corpus a heading's section must link to be asked. */
export const FEWEST_PAPERS = 3;

/** A curated list, as lists.json names it: where it is, the commit read, its subject in words, its licence. */
export interface ListSource {
  repo: string;
  commit: string;
  subject: string;
  licence: string;
}

export type Half = 'tune' | 'check';

export interface DevHeading {
  list: string;
  /** The heading as it stands: the short form of the question. */
  heading: string;
  /** "subject: section > heading": the question with its list's context. */
  context: string;
  arxivIds: string[];
}

export interface DevSetFile {
  lists: (ListSource & { half: Half })[];
  headings: DevHeading[];
}

/**
 * Which half a list falls in: in the order of the SHA-256 of their lower-case "owner/name", each
 * list goes to the half that holds fewer headings so far (the tune half on a tie), so that the
 * halves are alike in size and no one chooses where a list goes.
 */
export function halves(headingCounts: ReadonlyMap<string, number>): Map<string, Half> {
  const digest = (repo: string) => createHash('sha256').update(repo.toLowerCase()).digest('hex');
  const ordered = [...headingCounts.keys()].sort((a, b) => (digest(a) < digest(b) ? -1 : 1));
  const held = { tune: 0, check: 0 };
  return new Map(
    ordered.map((repo): [string, Half] => {
      const half: Half = held.check < held.tune ? 'check' : 'tune';
      held[half] += headingCounts.get(repo) ?? 0;
      return [repo, half];
    }),
  );
}

/**
 * The judged headings of the lists: every heading whose section links at least FEWEST_PAPERS papers
 * of the corpus, judged by them; a heading is left out when one of its sub-headings holds exactly
 * its papers (the narrower heading asks for them).
 */
export function deriveDevSet(
  sources: { list: ListSource; readme: string }[],
  inCorpus: ReadonlySet<string>,
): DevSetFile {
  const headings = sources.flatMap(({ list, readme }) => {
    const sections = listSections(readme)
      .map(({ path, arxivIds }) => ({ path, arxivIds: arxivIds.filter((id) => inCorpus.has(id)) }))
      .filter(({ arxivIds }) => arxivIds.length >= FEWEST_PAPERS);
    const key = (ids: string[]) => [...ids].sort().join(' ');
    return sections
      .filter(
        (section, i) =>
          !sections
            .slice(i + 1)
            .some(
              (inner) =>
                inner.path.length > section.path.length &&
                section.path.every((part, k) => inner.path[k] === part) &&
                key(inner.arxivIds) === key(section.arxivIds),
            ),
      )
      .map(
        ({ path, arxivIds }): DevHeading => ({
          list: list.repo,
          heading: path[path.length - 1] as string,
          context: `${list.subject}: ${path.join(' > ')}`,
          arxivIds,
        }),
      );
  });
  const counts = new Map(sources.map(({ list }) => [list.repo, 0]));
  for (const { list } of headings) counts.set(list, (counts.get(list) ?? 0) + 1);
  const half = halves(counts);
  return { lists: sources.map(({ list }) => ({ ...list, half: half.get(list.repo) as Half })), headings };
}

/** The committed development set. */
export function readDevSet(): DevSetFile {
  return JSON.parse(readFileSync(path.join(DEV_SET_DIR, 'headings.json'), 'utf8')) as DevSetFile;
}

/** A half's questions, short and in context, judged by the papers among `arxivIds` (a part of the corpus keeps fewer). */
export function devSetQueries(set: DevSetFile, half: Half, inCorpus: ReadonlySet<string>) {
  const lists = new Set(set.lists.filter((list) => list.half === half).map((list) => list.repo));
  const judged = set.headings
    .filter((heading) => lists.has(heading.list))
    .map((heading) => ({ heading, ids: heading.arxivIds.filter((id) => inCorpus.has(id)) }))
    .filter(({ ids }) => ids.length > 0);
  const asked = (form: 'heading' | 'context') =>
    judged.map(
      ({ heading, ids }): JudgedQuery => ({ query: heading[form], judgments: new Map(ids.map((id) => [id, 1])) }),
    );
  return { short: asked('heading'), context: asked('context') };
}

/** Draws the headings that have Arabic twins: 30 of each half, in the file's order before drawing. */
export const ARABIC_TWIN_SEED = 20261129;
export const ARABIC_TWINS_PER_HALF = 30;

/** The headings the seed draws for Arabic twins: the tune half's, then the check half's. */
export function twinnedHeadings(set: DevSetFile): DevHeading[] {
  return (['tune', 'check'] as const).flatMap((half) => {
    const lists = new Set(set.lists.filter((list) => list.half === half).map((list) => list.repo));
    const headings = set.headings.filter((heading) => lists.has(heading.list));
    return sample(headings, ARABIC_TWINS_PER_HALF, ARABIC_TWIN_SEED);
  });
}

interface DevArabicFile {
  twins: { list: string; context: string; arabic: string; arabicContext: string }[];
}

/**
 * The Arabic twins of the drawn headings, short and in context, each judged as its English twin.
 * Fails unless the twins are those of the headings the seed draws, in order.
 */
export function devArabicTwins(
  set: DevSetFile,
  inCorpus: ReadonlySet<string>,
  file = JSON.parse(readFileSync(path.join(DEV_SET_DIR, 'arabic.json'), 'utf8')) as DevArabicFile,
) {
  const drawn = twinnedHeadings(set);
  const problems = drawn.flatMap((heading, i) => {
    const twin = file.twins[i];
    return twin?.list === heading.list && twin.context === heading.context
      ? []
      : [`twin ${i + 1} is of "${twin?.context}", but the seed draws "${heading.context}"`];
  });
  if (file.twins.length !== drawn.length) problems.push(`${file.twins.length} twins for ${drawn.length} headings`);
  if (problems.length > 0) throw new Error(`The lists' Arabic twins break their rules:\n  ${problems.join('\n  ')}`);
  const half = new Map(set.lists.map((list) => [list.repo, list.half]));
  const pairs = drawn
    .map((heading, i) => ({ heading, twin: file.twins[i] as DevArabicFile['twins'][number] }))
    .map(({ heading, twin }) => ({ heading, twin, ids: heading.arxivIds.filter((id) => inCorpus.has(id)) }))
    .filter(({ ids }) => ids.length > 0);
  const twinsOf = (kept: typeof pairs) => {
    const judged = (query: (pair: (typeof pairs)[number]) => string) =>
      kept.map((pair): JudgedQuery => ({ query: query(pair), judgments: new Map(pair.ids.map((id) => [id, 1])) }));
    return {
      english: judged(({ heading }) => heading.heading),
      arabic: judged(({ twin }) => twin.arabic),
      englishContext: judged(({ heading }) => heading.context),
      arabicContext: judged(({ twin }) => twin.arabicContext),
    };
  };
  return {
    ...twinsOf(pairs),
    /** The twins of one half of the lists. */
    half: (which: Half) => twinsOf(pairs.filter(({ heading }) => half.get(heading.list) === which)),
  };
}
