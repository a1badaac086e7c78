import { describe, expect, it } from 'vitest';
// What Google Docs puts on the clipboard as text/html (decision 214).
import GOOGLE_DOCS from '../test/fixtures/google-docs-paste.html?raw';
import { htmlToMarkdown } from './html-to-markdown';

describe('pasted HTML as markdown', () => {
  it('turns a Google Docs selection into headings, bold, italic, lists, links and a table', () => {
    expect(htmlToMarkdown(GOOGLE_DOCS)).toBe(
      [
        '# Episode 12: The Launch',
        '',
        'Open with the **cold open**, then _the sponsor read_. See [the brief](https://example.com/brief) \\<script>alert(1)\\</script> 2 \\| 3',
        '',
        '## Segments',
        '',
        '-   Interview',
        '-   ~Mailbag~',
        '',
        '1.  Record',
        '2.  Edit',
        '',
        '| Segment | Minutes |',
        '| --- | --- |',
        '| Intro | **3** |',
        '',
        'bad link and ![chart](https://lh7-rt.googleusercontent.com/docsz/abc)inline picture',
      ].join('\n'),
    );
  });

  it('keeps no HTML: tags in the text are escaped, dangerous links lose their address', () => {
    const markdown = htmlToMarkdown(
      '<p><strong>Hi</strong> <a href="javascript:alert(1)">x</a> <a href="vbscript:y">y</a></p><table><tr><td>a</td></tr></table><details><summary>s</summary>hidden</details><script>alert(2)</script><style>p{}</style><iframe src="https://evil.example"></iframe>',
    )!;
    expect(markdown).not.toMatch(/<[a-z/]/i);
    expect(markdown).not.toContain('javascript:');
    expect(markdown).not.toContain('alert(2)');
    expect(markdown).toContain('**Hi** x y');
    expect(markdown).toContain('| a |');
  });

  it('reads Word’s list paragraphs as lists', () => {
    const word =
      '<p class=MsoListParagraphCxSpFirst><span style="mso-list:Ignore">·<span>&nbsp;&nbsp;</span></span>First</p>' +
      '<p class=MsoListParagraphCxSpLast><span style="mso-list:Ignore">·<span>&nbsp;</span></span><b>Second</b></p>' +
      '<p class=MsoNormal>After <i>that</i></p>';
    expect(htmlToMarkdown(word)).toBe('-   First\n-   **Second**\n\nAfter _that_');
  });

  it('leaves HTML without formatting to the plain text', () => {
    expect(htmlToMarkdown('<div><span style="color:red">just text</span></div>')).toBeNull();
    expect(htmlToMarkdown('<meta charset="utf-8"><pre>no</pre>')).not.toBeNull();
  });
});
