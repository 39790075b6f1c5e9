import sharp from 'sharp';

// Pictures and documents the demo makes for itself: no external files, nothing of a real person.

const palette = ['#1e5aa8', '#2f7d6d', '#8a4fbf', '#c0632b', '#37474f', '#ad1457', '#00838f', '#5d4037'];

function escapeXml(s: string): string {
  return s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A cover picture: a coloured gradient with a title, as PNG. */
export async function coverImage(title: string, index: number, width = 1200, height = 675): Promise<Buffer> {
  const a = palette[index % palette.length];
  const b = palette[(index + 3) % palette.length];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${width * 0.8}" cy="${height * 0.25}" r="${height * 0.35}" fill="#ffffff" fill-opacity="0.08"/>
    <text x="60" y="${height - 80}" font-family="Noto Sans CJK SC, sans-serif" font-size="${Math.round(width / 22)}" fill="#fff">${escapeXml(title.slice(0, 28))}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A portrait placeholder: initials on a coloured disc, square PNG. */
export async function portraitImage(initials: string, index: number, size = 600): Promise<Buffer> {
  const bg = palette[index % palette.length];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">
    <rect width="100%" height="100%" fill="#eceff1"/>
    <circle cx="${size / 2}" cy="${size / 2}" r="${size * 0.42}" fill="${bg}"/>
    <text x="50%" y="54%" text-anchor="middle" dominant-baseline="middle" font-family="Noto Sans CJK SC, sans-serif" font-size="${size * 0.3}" fill="#fff">${escapeXml(initials)}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A small, valid one-page PDF with a title line. */
export function pdfDocument(title: string): Buffer {
  const text = title
    .replace(/[^\x20-\x7e]/g, '?')
    .replace(/[()\\]/g, '')
    .slice(0, 80);
  const stream = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** A small CSV "dataset". */
export function csvDataset(name: string, rows = 20): Buffer {
  const lines = ['id,text,label'];
  for (let i = 1; i <= rows; i++) lines.push(`${i},"${name} sample ${i}",${i % 3}`);
  return Buffer.from(`${lines.join('\n')}\n`);
}
