// The README's quick-start examples, read from the README itself, so that the code a reader copies
// is the code the package test compiles.

/**
 * The first fenced code block in `language` after the heading `heading` (a whole line such as
 * `### React`), before the next heading of the same or a higher level.
 */
export function codeBlockUnder(markdown: string, heading: string, language: string): string {
  const lines = markdown.split('\n');
  const start = lines.indexOf(heading);
  if (start < 0) throw new Error(`README has no "${heading}" heading`);
  const level = /^#+/.exec(heading)?.[0].length ?? 1;
  const fence = '```';
  let code: string[] | undefined;
  for (const line of lines.slice(start + 1)) {
    if (code) {
      if (line === fence) return `${code.join('\n')}\n`;
      code.push(line);
      continue;
    }
    const nextHeading = /^(#+) /.exec(line);
    if (nextHeading && (nextHeading[1]?.length ?? 0) <= level) break;
    if (line === `${fence}${language}`) code = [];
  }
  throw new Error(`README has no complete ${language} code block under "${heading}"`);
}
