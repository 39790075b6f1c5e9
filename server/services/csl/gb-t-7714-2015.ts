// The lab site's own CSL style for a reference list entry by GB/T 7714-2015 (the sequential-numbering
// system's entries, without the number), checked entry by entry against BibTeX's gbt7714-numerical.bst on the
// standard's own examples (tests/unit/gbt7714-bibtex.test.ts). Authors' family names in capitals with given
// initials, three then 等 or et al. (the layout by the item's language: gbt.ts sets it), the title with its
// volume, the document type code ([M], [C], [J], [N], [D], [R], [S], [P], [A], [G], [DS], [CP], [Z], [EB])
// with /OL where the item has an address, a chapter's and a paper's book after "//", translators, the edition,
// the imprint, the access date in brackets, the address and the DOI. Rendered with lang zh-CN through
// gbt.ts's gbtReferenceList, which also gives English titles in sentence case. A module rather than a .csl
// file, so the bundle `npm start` runs carries it.

export const gbt7714 = `<?xml version="1.0" encoding="utf-8"?>
<style xmlns="http://purl.org/net/xbiblio/csl" class="in-text" version="1.0" default-locale="en-US">
  <info>
    <title>GB/T 7714-2015 (lab site)</title>
    <id>lab-site-gb-t-7714-2015</id>
    <updated>2026-12-06T00:00:00+00:00</updated>
  </info>
  <!-- the terms of the Chinese layout; page, volume and issue defined so that citeproc-js does not print
       its own labels (vol., p.) before their numbers -->
  <locale xml:lang="zh">
    <terms>
      <term name="et-al">等</term>
      <term name="translator" form="short">译</term>
      <term name="page">页</term>
      <term name="volume">卷</term>
      <term name="issue">期</term>
      <term name="open-quote">“</term>
      <term name="close-quote">”</term>
      <term name="open-inner-quote">‘</term>
      <term name="close-inner-quote">’</term>
    </terms>
  </locale>
  <locale xml:lang="en">
    <terms>
      <term name="et-al">et al.</term>
      <term name="translator" form="short">trans.</term>
    </terms>
  </locale>
  <!-- 主要责任者: the authors, else the editors (a book that names editors only) -->
  <macro name="author">
    <names variable="author">
      <name delimiter=", " delimiter-precedes-last="always" delimiter-precedes-et-al="always" et-al-min="4" et-al-use-first="3" initialize-with=" " initialize-with-hyphen="false" name-as-sort-order="all" sort-separator=" "/>
      <et-al term="et-al"/>
      <substitute>
        <choose>
          <if type="chapter paper-conference" match="none">
            <names variable="editor"/>
          </if>
        </choose>
      </substitute>
    </names>
  </macro>
  <macro name="editor">
    <names variable="editor">
      <name delimiter=", " delimiter-precedes-last="always" delimiter-precedes-et-al="always" et-al-min="4" et-al-use-first="3" initialize-with=" " initialize-with-hyphen="false" name-as-sort-order="all" sort-separator=" "/>
      <et-al term="et-al"/>
    </names>
  </macro>
  <macro name="translator">
    <names variable="translator">
      <name delimiter=", " delimiter-precedes-last="always" delimiter-precedes-et-al="always" et-al-min="4" et-al-use-first="3" initialize-with=" " initialize-with-hyphen="false" name-as-sort-order="all" sort-separator=" "/>
      <et-al term="et-al"/>
      <label form="short" prefix=", "/>
    </names>
  </macro>
  <!-- 文献类型标识 (4 and appendix B), with /OL for an item with an address -->
  <macro name="type-code">
    <choose>
      <if type="book chapter">
        <text value="M"/>
      </if>
      <else-if type="paper-conference">
        <text value="C"/>
      </else-if>
      <else-if type="article-journal periodical">
        <text value="J"/>
      </else-if>
      <else-if type="article-newspaper">
        <text value="N"/>
      </else-if>
      <else-if type="thesis">
        <text value="D"/>
      </else-if>
      <else-if type="report">
        <text value="R"/>
      </else-if>
      <else-if type="standard">
        <text value="S"/>
      </else-if>
      <else-if type="patent">
        <text value="P"/>
      </else-if>
      <else-if type="legislation regulation">
        <text value="A"/>
      </else-if>
      <else-if type="dataset">
        <text value="DS"/>
      </else-if>
      <else-if type="software">
        <text value="CP"/>
      </else-if>
      <else-if type="webpage post post-weblog article">
        <text value="EB"/>
      </else-if>
      <else>
        <text value="Z"/>
      </else>
    </choose>
    <choose>
      <if type="webpage post post-weblog article">
        <text value="/OL"/>
      </if>
      <else-if type="software dataset" variable="URL" match="all">
        <text value="/OL"/>
      </else-if>
      <else-if variable="URL accessed" match="all">
        <text value="/OL"/>
      </else-if>
    </choose>
  </macro>
  <!-- 题名: 其他题名信息 (a standard's, a patent's or a report's number, a book's volume)[type] -->
  <macro name="title">
    <group delimiter=": ">
      <text variable="title"/>
      <choose>
        <if type="book">
          <text variable="volume"/>
        </if>
        <else-if type="standard patent report legislation regulation">
          <text variable="number"/>
        </else-if>
      </choose>
    </group>
    <text macro="type-code" prefix="[" suffix="]"/>
  </macro>
  <macro name="year">
    <date variable="issued">
      <date-part name="year"/>
    </date>
  </macro>
  <macro name="full-date">
    <date variable="issued" delimiter="-">
      <date-part name="year"/>
      <date-part name="month" form="numeric-leading-zeros"/>
      <date-part name="day" form="numeric-leading-zeros"/>
    </date>
  </macro>
  <!-- 出版项 (4.1, 4.2): place: publisher, year; an online item that names no publisher: (its full date) -->
  <macro name="imprint">
    <choose>
      <if type="patent">
        <text macro="full-date"/>
      </if>
      <else-if variable="publisher publisher-place" match="any">
        <group delimiter=", ">
          <group delimiter=": ">
            <text variable="publisher-place"/>
            <text variable="publisher"/>
          </group>
          <text macro="year"/>
        </group>
      </else-if>
      <else-if type="webpage post post-weblog">
        <text macro="full-date" prefix="(" suffix=")"/>
      </else-if>
      <else-if type="software dataset" variable="URL" match="all">
        <text macro="full-date" prefix="(" suffix=")"/>
      </else-if>
      <else-if variable="URL accessed" match="all">
        <text macro="full-date" prefix="(" suffix=")"/>
      </else-if>
      <else>
        <text macro="year"/>
      </else>
    </choose>
  </macro>
  <macro name="accessed">
    <choose>
      <if type="webpage post post-weblog software dataset" variable="URL" match="any">
        <date variable="accessed" delimiter="-" prefix="[" suffix="]">
          <date-part name="year"/>
          <date-part name="month" form="numeric-leading-zeros"/>
          <date-part name="day" form="numeric-leading-zeros"/>
        </date>
      </if>
    </choose>
  </macro>
  <!-- the book a chapter or a paper is in (4.2: //编者. 书名: 卷. 版本. 出版项) -->
  <macro name="container">
    <text macro="editor" suffix=". "/>
    <group delimiter=": " suffix=". ">
      <text variable="container-title"/>
      <text variable="volume"/>
    </group>
    <text variable="edition" suffix=". "/>
  </macro>
  <macro name="page">
    <text variable="page" prefix=": "/>
  </macro>
  <macro name="entry">
    <text macro="author" suffix=". "/>
    <text macro="title"/>
    <group>
    <choose>
      <if type="chapter paper-conference">
        <text value="//"/>
        <text macro="container"/>
        <text macro="imprint"/>
        <text macro="page"/>
      </if>
      <else-if type="article-journal">
        <text value=". "/>
        <group delimiter=", ">
          <text variable="container-title"/>
          <text macro="year"/>
          <text variable="volume"/>
        </group>
        <text variable="issue" prefix="(" suffix=")"/>
        <text macro="page"/>
      </else-if>
      <else-if type="article-newspaper">
        <text value=". "/>
        <group delimiter=", ">
          <text variable="container-title"/>
          <text macro="full-date"/>
        </group>
        <text variable="issue" prefix="(" suffix=")"/>
        <text macro="page"/>
      </else-if>
      <else-if type="article" variable="container-title">
        <!-- a preprint: where it is kept (arXiv), the year -->
        <text value=". "/>
        <group delimiter=", ">
          <text variable="container-title"/>
          <text macro="year"/>
        </group>
      </else-if>
      <else-if type="standard" variable="container-title">
        <text value="//"/>
        <text macro="container"/>
        <text macro="imprint"/>
        <text macro="page"/>
      </else-if>
      <else>
        <text value=". "/>
        <text macro="translator" suffix=". "/>
        <text variable="edition" suffix=". "/>
        <text macro="imprint"/>
        <text macro="page"/>
      </else>
    </choose>
    <text macro="accessed"/>
    <choose>
      <if type="webpage post post-weblog software dataset">
        <text variable="URL" prefix=". "/>
      </if>
      <else-if variable="URL accessed" match="all">
        <text variable="URL" prefix=". "/>
      </else-if>
    </choose>
    <text variable="DOI" prefix=". DOI:"/>
    </group>
  </macro>
  <citation>
    <layout>
      <text variable="title"/>
    </layout>
  </citation>
  <bibliography>
    <layout locale="zh" suffix=".">
      <text macro="entry"/>
    </layout>
    <layout suffix=".">
      <text macro="entry"/>
    </layout>
  </bibliography>
</style>
`;
