/** A comma-separated text field as a list: trimmed, blanks and repeats dropped. */
export function splitList(text: string | undefined): string[] {
  const seen = new Set<string>();
  const items: string[] = [];
  for (const raw of (text ?? '').split(',')) {
    const item = raw.trim();
    if (item === '' || seen.has(item.toLowerCase())) continue;
    seen.add(item.toLowerCase());
    items.push(item);
  }
  return items;
}

export const joinList = (items: readonly string[]) => items.join(', ');
