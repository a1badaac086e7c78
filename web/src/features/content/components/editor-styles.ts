import { StyleModule } from 'style-mod';

let adopted = false;

/**
 * CodeMirror writes its styles (its base theme, ours, y-codemirror.next's) through style-mod,
 * which puts them in a `<style>` element of the document — an inline style the app's CSP
 * (`style-src 'self'`) refuses, leaving the editor unstyled. style-mod uses a constructed
 * stylesheet (`adoptedStyleSheets`, which the CSP does not govern) for a root without a
 * `head`: the document's style set is made once, before the first editor, with `head` hidden
 * for that moment; every module mounted later goes into that sheet (docs/decisions/200).
 */
export function adoptEditorStyles(root: Document = document): void {
  if (adopted) return;
  adopted = true;
  const view = root.defaultView;
  // jsdom and old browsers: no constructed stylesheets, style-mod keeps its <style> element.
  if (!view || !('adoptedStyleSheets' in root) || typeof view.CSSStyleSheet !== 'function') return;
  Object.defineProperty(root, 'head', { configurable: true, get: () => null });
  try {
    StyleModule.mount(root, []);
  } finally {
    // Back to the prototype's getter.
    delete (root as { head?: unknown }).head;
  }
}

/**
 * The colours of others' carets and selections. y-codemirror.next sets them in `style`
 * attributes, which the CSP refuses to apply (the attribute stays, unapplied); the same colours
 * come from the stylesheet instead, matched by the attribute's text (the name label inherits
 * the caret's). They are the presence
 * palette's (collab-session.ts `presenceColor`), the only ones the app gives people.
 */
export function presenceColorRules(
  palette: readonly (readonly [string, string])[],
): Record<string, Record<string, string>> {
  const rules: Record<string, Record<string, string>> = {};
  for (const [color, colorLight] of palette) {
    rules[`.cm-ySelectionCaret[style*="${color}"]`] = {
      backgroundColor: color,
      borderColor: color,
    };
    rules[`.cm-ySelection[style*="${colorLight}"], .cm-yLineSelection[style*="${colorLight}"]`] = {
      backgroundColor: colorLight,
    };
  }
  return rules;
}
