import JSZip from 'jszip';

// A .docx read back as a reader sees it: its body's paragraphs, each with its text and the text of its bold runs.

const unescapeXml = (s: string) => s.replace(/&(lt|gt|quot|apos|amp);/g, (_, e: string) => ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' })[e] as string);

export async function docxParagraphs(buf: Buffer): Promise<{ text: string; bold: string[] }[]> {
  const zip = await JSZip.loadAsync(buf);
  const xml = (await zip.file('word/document.xml')?.async('string')) ?? '';
  return [...xml.matchAll(/<w:p[ >][\s\S]*?<\/w:p>/g)].map(([p]) => {
    const runs = [...p.matchAll(/<w:r>([\s\S]*?)<\/w:r>/g)].map(([, r]) => ({
      bold: /<w:b\/>/.test(r ?? ''),
      text: [...(r ?? '').matchAll(/<w:t[^>]*>([^<]*)<\/w:t>/g)].map((m) => unescapeXml(m[1] ?? '')).join(''),
    }));
    return { text: runs.map((r) => r.text).join(''), bold: runs.filter((r) => r.bold).map((r) => r.text) };
  });
}
