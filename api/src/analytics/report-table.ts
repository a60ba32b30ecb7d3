/** One column of a report: its header, and each row's value as a cell. */
export interface Column<Row> {
  header: string;
  cell: (row: Row) => string | number;
  /** Numbers read best right-aligned. */
  align?: 'left' | 'right';
}

export interface ReportTable<Row> {
  title: string;
  columns: Column<Row>[];
  rows: Row[];
  /** What the table says when it has no row (default: no events in the range). */
  empty?: string;
}

/** The table as aligned text for a terminal. */
export function formatTable<Row>(table: ReportTable<Row>): string {
  const header = table.columns.map((column) => column.header);
  const body = table.rows.map((row) => table.columns.map((column) => String(column.cell(row))));
  const widths = header.map((title, index) =>
    Math.max(title.length, ...body.map((cells) => (cells[index] ?? '').length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, index) => {
        const width = widths[index] ?? 0;
        return table.columns[index]?.align === 'right' ? cell.padStart(width) : cell.padEnd(width);
      })
      .join('  ')
      .trimEnd();
  const rule = widths.map((width) => '-'.repeat(width)).join('  ');
  const rows = body.length > 0 ? body.map(line) : [table.empty ?? '(no events in this range)'];
  return [table.title, '', line(header), rule, ...rows].join('\n');
}

/** A CSV field, quoted when it holds a comma, a quote or a line break (RFC 4180). */
function csvField(value: string | number): string {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The table as CSV: a header line, then one line per row. */
export function toCsv<Row>(table: ReportTable<Row>): string {
  const lines = [table.columns.map((column) => csvField(column.header)).join(',')];
  for (const row of table.rows) {
    lines.push(table.columns.map((column) => csvField(column.cell(row))).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** 0.4567 as "45.7%". */
export function percent(share: number): string {
  return `${(share * 100).toFixed(1)}%`;
}

/** Milliseconds as "1:05" (minutes:seconds) or "2:03:10"; "-" for none. */
export function duration(ms: number | null): string {
  if (ms === null) return '-';
  const seconds = Math.round(ms / 1000);
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = String(seconds % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}
