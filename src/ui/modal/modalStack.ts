// Open dialogs in opening order; only the topmost reacts to Escape.
const stack: symbol[] = [];

export function pushModal(id: symbol): () => void {
  stack.push(id);
  return () => {
    const i = stack.lastIndexOf(id);
    if (i >= 0) stack.splice(i, 1);
  };
}

export function isTopModal(id: symbol): boolean {
  return stack[stack.length - 1] === id;
}
