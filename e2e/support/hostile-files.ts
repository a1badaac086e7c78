/**
 * Files a co-creator could upload to attack whoever opens them (docs/auth.md, "Hostile input").
 * Each script leaves a mark where a journey can see it: the page's title, a localStorage key, an
 * alert dialog.
 */

/** What the SVG's script would write: the title and the localStorage key. */
export const SCRIPT_MARK = 'svg-script-ran';

/** An SVG whose `onload`, `<script>` and event handlers would all leave the mark. */
export const HOSTILE_SVG = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="80" viewBox="0 0 120 80"
     onload="document.title='${SCRIPT_MARK}:'+localStorage.getItem('refresh_token');localStorage.setItem('${SCRIPT_MARK}','onload');alert('${SCRIPT_MARK}')">
  <script>localStorage.setItem('${SCRIPT_MARK}','script');document.title='${SCRIPT_MARK}';alert('${SCRIPT_MARK}')</script>
  <rect width="120" height="80" fill="#4f46e5"/>
  <circle cx="60" cy="40" r="24" fill="#fbbf24"/>
  <image href="data:," onerror="localStorage.setItem('${SCRIPT_MARK}','onerror')"/>
  <foreignObject width="120" height="80"><img xmlns="http://www.w3.org/1999/xhtml" src="x" onerror="localStorage.setItem('${SCRIPT_MARK}','foreign')"/></foreignObject>
</svg>
`,
);

/** A one-page PDF with one line of text, written by hand (offsets in the xref table). */
export function onePagePdf(text: string): Buffer {
  const stream = `BT /F1 24 Tf 30 100 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(out.length);
    out += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
