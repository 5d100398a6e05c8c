// Pasting from Word and Google Docs (issue #27): real clipboard HTML of both, as Chromium hands it over.
import { describe, expect, it } from 'vitest';
import { cleanPastedHtml } from './paste-cleanup';

// Word for Windows (16), a heading, bold and italic, a bulleted list of two and a numbered list of two.
const WORD = `<html xmlns:o="urn:schemas-microsoft-com:office:office" xmlns:w="urn:schemas-microsoft-com:office:word">
<head><style><!-- p.MsoNormal {mso-style-parent:""; margin:0cm;} --></style></head><body lang=EN-GB style='tab-interval:36.0pt'>
<!--StartFragment--><h2><span lang=EN-GB style='mso-ansi-language:EN-GB'>Childhood<o:p></o:p></span></h2>
<p class=MsoNormal><span style='mso-bidi-font-weight:bold'>I was born in <b>Leeds</b> in a <i>cold</i> winter.<o:p></o:p></span></p>
<p class=MsoListParagraphCxSpFirst style='text-indent:-18.0pt;mso-list:l0 level1 lfo1'><![if !supportLists]><span style='font-family:Symbol'>·<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp; </span></span><![endif]>a baker<o:p></o:p></p>
<p class=MsoListParagraphCxSpLast style='text-indent:-18.0pt;mso-list:l0 level1 lfo1'><![if !supportLists]><span style='font-family:Symbol'>·<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp; </span></span><![endif]>a butcher<o:p></o:p></p>
<p class=MsoNormal><o:p>&nbsp;</o:p></p>
<p class=MsoListParagraphCxSpFirst style='text-indent:-18.0pt;mso-list:l1 level1 lfo2'><!--[if !supportLists]--><span>1.<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp; </span></span><!--[endif]-->First the war<o:p></o:p></p>
<p class=MsoListParagraphCxSpLast style='text-indent:-18.0pt;mso-list:l1 level1 lfo2'><!--[if !supportLists]--><span>2.<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp; </span></span><!--[endif]-->Then the peace<o:p></o:p></p>
<!--EndFragment--></body></html>`;

// Google Docs in Chromium: the whole paste inside <b style="font-weight:normal" id="docs-internal-guid-…">.
const GOOGLE = `<meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-2b5c7d1e-7fff-4c1b-9a0e-123456789abc"><h2 dir="ltr" style="line-height:1.38;margin-top:18pt;margin-bottom:6pt;"><span style="font-size:16pt;font-family:Arial,sans-serif;color:#000000;background-color:transparent;font-weight:400;font-style:normal;">Childhood</span></h2><p dir="ltr" style="line-height:1.38;margin-top:0pt;margin-bottom:0pt;"><span style="font-size:11pt;font-family:Arial,sans-serif;font-weight:400;">I was born in </span><span style="font-size:11pt;font-family:Arial,sans-serif;font-weight:700;">Leeds</span><span style="font-size:11pt;font-family:Arial,sans-serif;font-weight:400;font-style:italic;">, a cold winter</span></p><ul style="margin-top:0;margin-bottom:0;padding-inline-start:48px;"><li dir="ltr" style="list-style-type:disc;font-size:11pt;" aria-level="1"><p dir="ltr" style="line-height:1.38;" role="presentation"><span style="font-size:11pt;font-weight:400;">a baker</span></p></li></ul></b>`;

const plain = (html: string) => html.replace(/\s+/g, ' ').replace(/> </g, '><').trim();

describe('pasting from Word and Google Docs', () => {
  it('Word: the heading, bold and italic and both lists stay; classes, styles, <o:p> and the list markers go', () => {
    const out = plain(cleanPastedHtml(WORD));
    expect(out).toContain('<h2>Childhood</h2>');
    expect(out).toContain('I was born in <b>Leeds</b> in a <i>cold</i> winter.');
    expect(out).toContain('<ul><li>a baker</li><li>a butcher</li></ul>');
    expect(out).toContain('<ol><li>First the war</li><li>Then the peace</li></ol>');
    expect(out).not.toMatch(/mso-|class=|style=|o:p|·|MsoList|1\./);
  });

  it('Word: two lists one after the other stay two lists; a paragraph styled for right-to-left bold only is not bold', () => {
    const adjacent = WORD.replace('<p class=MsoNormal><o:p>&nbsp;</o:p></p>\n', '');
    const out = plain(cleanPastedHtml(adjacent));
    expect(out).toContain('<ul><li>a baker</li><li>a butcher</li></ul><ol><li>First the war</li><li>Then the peace</li></ol>');
    expect(out).toContain('<p>I was born in <b>Leeds</b> in a <i>cold</i> winter.</p>');
    expect(out).not.toContain('<strong>');
  });

  it('Google Docs: the wrapper that would make it all bold goes; the bold and italic spans become marks; the list stays', () => {
    const out = plain(cleanPastedHtml(GOOGLE));
    expect(out).not.toContain('docs-internal-guid');
    expect(out).not.toMatch(/^<b|style=/);
    expect(out).toContain('<h2 dir="ltr">Childhood</h2>');
    expect(out).toContain('I was born in <strong>Leeds</strong><em>, a cold winter</em>');
    expect(out).toMatch(/<ul><li dir="ltr" aria-level="1"><p dir="ltr" role="presentation">a baker<\/p><\/li><\/ul>/);
  });

  it('leaves other HTML as it is', () => {
    const html = '<p>Hello <strong>there</strong></p>';
    expect(cleanPastedHtml(html)).toBe(html);
  });
});
