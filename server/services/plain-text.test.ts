import { describe, expect, it } from 'vitest';
import { plainLatex, plainText } from './plain-text.ts';

// The converter on titles, venues and names as real exports and upstream answers write them: dblp's and
// Better BibTeX's LaTeX, Zotero's escaped markup, Wiley's <scp> (through Crossref), OpenAlex's <i> and <sub>,
// Crossref's MathML.

describe('plain text of a title, a venue or a name', () => {
  it.each([
    // dblp's BibTeX writes a caret as an accent over nothing (citation-js made it "undefined")
    ['RL{\\^{}}2: Fast Reinforcement Learning via Slow Reinforcement Learning', 'RL^2: Fast Reinforcement Learning via Slow Reinforcement Learning'],
    ['Attention Is All You Need{\\^{}}', 'Attention Is All You Need^'],
    ['Strassen{\\textquoteright}s Algorithm and Beyond', 'Strassen’s Algorithm and Beyond'],
    // Better BibTeX
    ['{{CRISPR}}-{{Cas9}} Editing \\emph{in Vivo}: A Review', 'CRISPR-Cas9 Editing in Vivo: A Review'],
    ['Scaling Laws\\dots{} and Beyond', 'Scaling Laws… and Beyond'],
    ['Faster \\ldots Than Ever', 'Faster …Than Ever'],
    ['\\mbox{GPT-4}\\quad{}Technical Report', 'GPT-4 Technical Report'],
    ['\\textsf{TinyBERT}: Distilling {BERT} for Natural Language Understanding', 'TinyBERT: Distilling BERT for Natural Language Understanding'],
    ['\\textbf{Bold} and \\textit{italic} \\textsc{Small Caps}', 'Bold and italic Small Caps'],
    ['Learning \\(\\alpha\\)-Divergences', 'Learning α-Divergences'],
    ['$O(n \\log n)$ Algorithms for $k$-Means in $\\mathbb{R}^d$', 'O(n log n) Algorithms for k-Means in R^d'],
    ['LP$^{\\mbox{2}}$ and H$_2$O at $10^{-3}$ Scale', 'LP² and H₂O at 10⁻³ Scale'],
    ['A $\\frac{1}{2}$-Approximation with $\\epsilon \\leq \\delta$', 'A 1/2-Approximation with ϵ ≤ δ'],
    ['Efficient \\textsuperscript{13}C Labelling', 'Efficient ¹³C Labelling'],
    ['Gr{\\"o}{\\ss}e und Ma{\\ss}e: J{\\\'{\\i}}menez and \\c{C}a{\\u{g}}lar', 'Größe und Maße: Jímenez and Çağlar'],
    ["Ni{\\~n}o, Tom{\\'a}{\\v{s}} and {\\O}stergaard", 'Niño, Tomáš and Østergaard'],
    ['Data Mining \\& Knowledge Discovery', 'Data Mining & Knowledge Discovery'],
    // Wiley's small capitals, as Crossref and a Zotero export of it carry them
    ['Efficacy of the <scp>mRNA</scp>‐1273 <scp>SARS‐CoV</scp>‐2 Vaccine', 'Efficacy of the mRNA‐1273 SARS‐CoV‐2 Vaccine'],
    // Zotero's export of a title that held escaped markup: markup, escaped twice, never text nor a tag
    ['The &amp;lt;i&amp;gt;Drosophila&amp;lt;/i&amp;gt; Connectome', 'The Drosophila Connectome'],
    ['The \\&amp;lt;i\\&amp;gt;Drosophila\\&amp;lt;/i\\&amp;gt; Connectome', 'The Drosophila Connectome'],
    ['The &lt;i&gt;Drosophila&lt;/i&gt; Connectome', 'The Drosophila Connectome'],
    // OpenAlex
    ['Imaging <i>in vivo</i> of CO<sub>2</sub> Uptake in <sup>13</sup>C-Labelled Leaves', 'Imaging in vivo of CO₂ Uptake in ¹³C-Labelled Leaves'],
    ['<b>Deep</b> Learning<br/>for Graphs', 'Deep Learning for Graphs'],
    // Crossref's MathML (Elsevier's)
    [
      'A <mml:math xmlns:mml="http://www.w3.org/1998/Math/MathML" altimg="si1.svg"><mml:mi>k</mml:mi></mml:math>-means Algorithm with <mml:math xmlns:mml="http://www.w3.org/1998/Math/MathML"><mml:msup><mml:mi>n</mml:mi><mml:mn>2</mml:mn></mml:msup></mml:math> Updates',
      'A k-means Algorithm with n² Updates',
    ],
    [
      'Bounds on <mml:math><mml:semantics><mml:msub><mml:mi>L</mml:mi><mml:mi>p</mml:mi></mml:msub><mml:annotation encoding="application/x-tex">L_p</mml:annotation></mml:semantics></mml:math> Norms',
      'Bounds on Lₚ Norms',
    ],
    ['<jats:italic>Escherichia coli</jats:italic> in <jats:sc>Soil</jats:sc>', 'Escherichia coli in Soil'],
    // entities decoded in one pass; one whose & was escaped again is one entity written twice
    ['R&amp;D in &#8220;Practice&#8221; &ndash; a Survey', 'R&D in “Practice” – a Survey'],
    ['Tom &amp;amp; Jerry &amp;lt;3', 'Tom & Jerry <3'],
    ['&amp;lt;script&amp;gt;alert(1)&amp;lt;/script&amp;gt;', '<script>alert(1)</script>'],
    ['&unknown; &#xZZ; & &amp', '&unknown; &#xZZ; & &amp'],
    // what is text stays text
    ['Why \\$5 and $10 Matter', 'Why $5 and $10 Matter'],
    ['C++ < Rust? 50% & More; a<b', 'C++ < Rust? 50% & More; a<b'],
    ['Map<K, V> in Java', 'Map<K, V> in Java'],
    ['基于大语言模型的谣言检测', '基于大语言模型的谣言检测'],
    ['Graph Neural Networks: A Review of Methods and Applications', 'Graph Neural Networks: A Review of Methods and Applications'],
    ['  a\n\tb  \\\\ c ', 'a b c'],
    // a command not known: its name, never a backslash
    ['\\ACM{} Computing Surveys and \\foo{Bar}', 'ACM Computing Surveys and foo Bar'],
  ])('%s', (written, plain) => {
    expect(plainText(written)).toBe(plain);
  });

  it('never writes "undefined", and leaves no backslash, brace, tag or entity', () => {
    for (const s of ['{\\^{}}', '\\^', "\\'{}", '{\\"}', '\\', '$\\', '\\(\\alpha', '{\\~{}}x', 'a\\v{}b', '&amp;lt;', '<mml:mi>x']) {
      const out = plainText(s);
      expect(out).not.toMatch(/undefined|\\|[{}]|<\w|&\w+;/);
    }
    expect(plainText('{\\~{}}x')).toBe('~x');
    expect(plainText(null)).toBe('');
    expect(plainText(12)).toBe('');
  });

  it('is not fooled by names of object properties', () => {
    expect(plainText('\\constructor \\toString{} \\__proto__')).toBe('constructor toString __proto__');
  });
});

describe('LaTeX made Unicode for the BibTeX parser', () => {
  it.each([
    ['RL{\\^{}}2: Fast', 'RL{^}2: Fast'],
    ['{van der Berg}, Jan and M{\\"u}ller, J{\\\'{\\i}}rgen', '{van der Berg}, Jan and M{ü}ller, J{í}rgen'],
    ['Scaling\\dots{} \\mbox{GPT-4}', 'Scaling…{} {GPT-4}'],
    ['$O(n^2)$ and \\$5', 'O(n²) and \\$5'],
    ['$\\{0,1\\}^n$', '\\{0,1\\}ⁿ'],
    ['unclosed $ math', 'unclosed \\$ math'],
  ])('%s', (written, prepared) => {
    expect(plainLatex(written)).toBe(prepared);
  });
});
