/** The parts of a received mail a test looks at. */
export interface MimeMessage {
  /** Header names lower-cased, folded lines joined. */
  headers: Map<string, string>;
  text: string | undefined;
  html: string | undefined;
}

interface Entity {
  headers: Map<string, string>;
  body: string;
}

/** Splits a raw entity at the first empty line into unfolded headers and the body. */
function splitEntity(raw: string): Entity {
  const normalised = raw.replace(/\r\n/g, '\n');
  const end = normalised.indexOf('\n\n');
  const head = end === -1 ? normalised : normalised.slice(0, end);
  const body = end === -1 ? '' : normalised.slice(end + 2);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

/** A header parameter such as the boundary of `multipart/alternative; boundary="--_abc"`. */
function parameter(header: string, name: string): string | undefined {
  const match = new RegExp(`;\\s*${name}="?([^";]+)"?`, 'i').exec(header);
  return match?.[1];
}

function decodeBody(entity: Entity): string {
  const encoding = (entity.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'base64') {
    return Buffer.from(entity.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  }
  if (encoding === 'quoted-printable') {
    const bytes = entity.body
      .replace(/=\n/g, '') // soft line breaks
      .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  // 7bit or 8bit: the raw bytes were read as latin1, one character per byte.
  return Buffer.from(entity.body, 'latin1').toString('utf8');
}

/** The text/plain and text/html leaves of an entity, descending into multipart containers. */
function collectParts(entity: Entity, into: { text?: string; html?: string }): void {
  const type = entity.headers.get('content-type') ?? 'text/plain';
  const mediaType = type.split(';')[0]?.trim().toLowerCase();
  if (mediaType?.startsWith('multipart/')) {
    const boundary = parameter(type, 'boundary');
    if (!boundary) throw new Error(`a ${mediaType} without a boundary`);
    const sections = entity.body.split(`--${boundary}`).slice(1);
    for (const section of sections) {
      if (section.startsWith('--')) break; // the closing delimiter
      collectParts(splitEntity(section.replace(/^\n/, '').replace(/\n$/, '')), into);
    }
    return;
  }
  if (mediaType === 'text/plain') into.text ??= decodeBody(entity);
  if (mediaType === 'text/html') into.html ??= decodeBody(entity);
}

/**
 * A small MIME reader for the mails nodemailer writes: headers, multipart/alternative, and
 * 7bit, quoted-printable or base64 bodies in UTF-8. Enough for tests; not a general parser.
 */
export function parseMimeMessage(raw: Buffer | string): MimeMessage {
  const root = splitEntity(typeof raw === 'string' ? raw : raw.toString('latin1'));
  const parts: { text?: string; html?: string } = {};
  collectParts(root, parts);
  return { headers: root.headers, text: parts.text, html: parts.html };
}
