// What every view does with its inputs: Enter runs the view's main action, and a card field
// that shows an error blocks that action with the field's own message.

/** Enter in a text input of `root` runs `action` (the same as clicking the view's main button). */
export function submitOnEnter(root, action) {
  root.addEventListener("keydown", (event) => {
    const target = event.target;
    if (event.key !== "Enter" || event.isComposing || event.shiftKey || event.ctrlKey || event.altKey) return;
    if (!(target instanceof HTMLInputElement) || !["text", "number", "search", ""].includes(target.type)) return;
    event.preventDefault();
    action();
  });
}

/**
 * Wait until every card field has read its text, then name the first problem: "Board: ..."
 * for a field with an error, or "" when every field is good.
 */
export async function fieldProblem(fields) {
  await Promise.all(fields.map((field) => field.settled()));
  const bad = fields.find((field) => field.error);
  return bad ? `${bad.label}: ${bad.error}` : "";
}
