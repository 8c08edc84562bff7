// Text the product stores or shows never holds control characters: NUL (which PostgreSQL refuses
// in text) and the other C0 controls, except tab, newline and carriage return, and DEL.

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export const hasControlCharacter = (text: string): boolean => CONTROL_CHARACTER.test(text);

/** The message for a field (its dotted path) that holds a control character. */
export function controlCharacterMessage(path: readonly (string | number)[]): string {
  return `${path.length ? path.join('.') : 'Input'} must not contain control characters`;
}

const isPlainContainer = (value: object): boolean => {
  if (Array.isArray(value)) return true;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
};

/**
 * The path of the first text (a string value, or an object's key) in a JSON-like value that holds a
 * control character, breadth first; null when there is none. Walks without recursion, so a deeply
 * nested input cannot exhaust the stack; anything but plain objects, arrays and strings is skipped.
 */
export function findControlCharacter(value: unknown): (string | number)[] | null {
  if (typeof value === 'string') return hasControlCharacter(value) ? [] : null;
  if (value === null || typeof value !== 'object') return null;
  // Each entry points at its parent, so a path is only built for the field that is found.
  interface Node {
    value: unknown;
    key: string | number | undefined;
    parent: Node | undefined;
  }
  const pathOf = (node: Node, last?: string): (string | number)[] => {
    const path: (string | number)[] = last === undefined ? [] : [last];
    for (let n: Node | undefined = node; n?.key !== undefined; n = n.parent) path.push(n.key);
    return path.reverse();
  };
  const queue: Node[] = [{ value, key: undefined, parent: undefined }];
  for (let i = 0; i < queue.length; i++) {
    const node = queue[i]!;
    const current = node.value;
    if (typeof current === 'string') {
      if (hasControlCharacter(current)) return pathOf(node);
      continue;
    }
    if (current === null || typeof current !== 'object' || !isPlainContainer(current)) continue;
    if (Array.isArray(current)) {
      current.forEach((item: unknown, index) => queue.push({ value: item, key: index, parent: node }));
      continue;
    }
    for (const [key, item] of Object.entries(current)) {
      if (hasControlCharacter(key)) return pathOf(node, key);
      queue.push({ value: item, key, parent: node });
    }
  }
  return null;
}
