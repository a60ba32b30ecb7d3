import MarkdownIt from 'markdown-it';
import { renderFigure } from './lesson-figures.js';

/**
 * Lesson Markdown renderer. `html: false` makes raw HTML in a lesson file show as text, so a
 * content mistake can never inject markup or scripts into the page. The one markup a lesson can
 * ask for is a figure drawn by the server from the measured rates: a fenced block with the info
 * `figure` and a figure's name (see lesson-figures.ts).
 */
const markdown = new MarkdownIt({ html: false, linkify: false, typographer: true });

const defaultFence = markdown.renderer.rules.fence;
markdown.renderer.rules.fence = (tokens, index, options, env, self) => {
  const token = tokens[index];
  if (token?.info.trim() === 'figure') {
    const figure = renderFigure(token.content.trim());
    if (figure !== undefined) return figure;
  }
  return defaultFence
    ? defaultFence(tokens, index, options, env, self)
    : self.renderToken(tokens, index, options);
};

export function renderMarkdown(source: string): string {
  return markdown.render(source);
}
