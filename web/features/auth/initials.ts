/** Up to two letters for the avatar: the first letters of the first and last names, else of the email. */
export function userInitials(user: { name: string; email: string }): string {
  const words = user.name.trim().split(/\s+/).filter(Boolean);
  const first = words[0];
  const last = words.length > 1 ? words.at(-1) : undefined;
  const letters = [first, last].map((word) => (word ? (Array.from(word)[0] ?? '') : '')).join('');
  const fallback = Array.from(user.email.trim())[0] ?? '?';
  return (letters || fallback).toLocaleUpperCase();
}
