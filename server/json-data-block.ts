/**
 * A JSON block in a page: not executed, so the CSP allows it, and with every `<` escaped, so no
 * text in the data can end the script element early.
 */
export function jsonDataBlock(id: string, json: string): string {
  return `<script type="application/json" id="${id}">${json.replaceAll('<', '\\u003c')}</script>`;
}
