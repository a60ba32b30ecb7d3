import MarkdownIt from 'markdown-it';

/**
 * Lesson Markdown renderer. `html: false` makes raw HTML in a lesson file show as text, so a
 * content mistake can never inject markup or scripts into the page.
 */
const markdown = new MarkdownIt({ html: false, linkify: false, typographer: true });

export function renderMarkdown(source: string): string {
  return markdown.render(source);
}
