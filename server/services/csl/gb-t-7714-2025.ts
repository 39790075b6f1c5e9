// The lab site's own CSL style for a reference list entry by GB/T 7714-2025 (in force since 2026-07-01; the
// sequential-numbering system's entries, without the number), checked entry by entry against the gbt7714 project's
// expected output for the 2025 edition's own examples (tests/unit/gbt7714-2025.test.ts). What changed from 2015
// (gb-t-7714-2015.ts): family names as written (not in capitals), initials keep a given name's hyphen (Godard J-L);
// one set of punctuation for every language: the full-width comma, colon, semicolon and parentheses, the period
// and "//" half-width; a standard starts with its number (GB/T 3792—2021 信息与文献 资源描述[S]); a patent
// names its holder (the item's publisher; CSL-JSON has no holder) and its full date; preprints [PP] and datasets
// [DS] with their version, where they are kept and their date; the access date only for what exists online alone
// (web pages, software, datasets, preprints), never for a book or an article also online. English titles and
// book titles in sentence case, a subtitle too (gbt.ts). Rendered through gbt.ts's gbtReferenceList, with the item
// made ready by gbtItem(…, '2025'). A module rather than a .csl file, so the bundle `npm start` runs carries it.

export const gbt7714v2025 = `<?xml version="1.0" encoding="utf-8"?>
<style xmlns="http://purl.org/net/xbiblio/csl" class="in-text" version="1.0" default-locale="en-US">
  <info>
    <title>GB/T 7714-2025 (lab site)</title>
    <id>lab-site-gb-t-7714-2025</id>
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
  <!-- 主要责任者: the authors, else the editors (a book that names editors only); a patent's holder -->
  <macro name="author">
    <choose>
      <if type="patent" variable="publisher" match="all">
        <text variable="publisher"/>
      </if>
      <else>
        <names variable="author">
          <name delimiter="，" delimiter-precedes-last="always" delimiter-precedes-et-al="always" et-al-min="4" et-al-use-first="3" initialize-with=" " name-as-sort-order="all" sort-separator=" "/>
          <et-al term="et-al"/>
          <substitute>
            <choose>
              <if type="chapter paper-conference" match="none">
                <names variable="editor"/>
              </if>
            </choose>
          </substitute>
        </names>
      </else>
    </choose>
  </macro>
  <macro name="editor">
    <names variable="editor">
      <name delimiter="，" delimiter-precedes-last="always" delimiter-precedes-et-al="always" et-al-min="4" et-al-use-first="3" initialize-with=" " name-as-sort-order="all" sort-separator=" "/>
      <et-al term="et-al"/>
    </names>
  </macro>
  <macro name="translator">
    <names variable="translator">
      <name delimiter="，" delimiter-precedes-last="always" delimiter-precedes-et-al="always" et-al-min="4" et-al-use-first="3" initialize-with=" " name-as-sort-order="all" sort-separator=" "/>
      <et-al term="et-al"/>
      <label form="short" prefix="，"/>
    </names>
  </macro>
  <!-- what exists online alone: its address always shown, its access date too -->
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
      <else-if type="map">
        <text value="CM"/>
      </else-if>
      <else-if type="dataset">
        <text value="DS"/>
      </else-if>
      <else-if type="article">
        <text value="PP"/>
      </else-if>
      <else-if type="software">
        <text value="CP"/>
      </else-if>
      <else-if type="webpage post post-weblog motion_picture figure graphic">
        <text value="EB"/>
      </else-if>
      <else>
        <text value="Z"/>
      </else>
    </choose>
    <choose>
      <if type="webpage post post-weblog motion_picture figure graphic">
        <text value="/OL"/>
      </if>
      <else-if type="software dataset article" variable="URL" match="all">
        <text value="/OL"/>
      </else-if>
      <else-if variable="URL accessed" match="all">
        <text value="/OL"/>
      </else-if>
      <else-if variable="DOI">
        <text value="/OL"/>
      </else-if>
    </choose>
  </macro>
  <!-- 题名：其他题名信息[type]; a standard: 标准号 题名[S] -->
  <macro name="title">
    <!-- a reference without a title (a name, a date alone) gets no type code either -->
    <group>
      <choose>
        <if type="standard">
          <group delimiter=" ">
            <text variable="number"/>
            <text variable="title"/>
          </group>
        </if>
        <else>
          <group delimiter="：">
            <group delimiter=". ">
              <text variable="title"/>
              <!-- a map's scale after its title (1：25000) -->
              <text variable="scale"/>
            </group>
            <choose>
              <if type="book map">
                <text variable="volume"/>
              </if>
              <else-if type="patent report legislation regulation">
                <text variable="number"/>
              </else-if>
            </choose>
          </group>
        </else>
      </choose>
      <choose>
        <if variable="title number" match="any">
          <text macro="type-code" prefix="[" suffix="]"/>
        </if>
      </choose>
    </group>
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
  <!-- 出版项: place：publisher，year -->
  <macro name="imprint">
    <group delimiter="，">
      <group delimiter="：">
        <text variable="publisher-place"/>
        <text variable="publisher"/>
      </group>
      <text macro="year"/>
    </group>
  </macro>
  <!-- where what exists online alone is kept, and its date: ChinaXiv（2023-03-03）, （2025-02-17） -->
  <macro name="online-imprint">
    <group>
      <choose>
        <if type="article" variable="container-title" match="all">
          <text variable="container-title"/>
        </if>
        <else-if type="article">
          <text variable="publisher"/>
        </else-if>
        <else-if type="dataset software article" match="any">
          <text variable="publisher"/>
        </else-if>
      </choose>
      <text macro="full-date" prefix="（" suffix="）"/>
    </group>
  </macro>
  <macro name="accessed">
    <choose>
      <if type="webpage post post-weblog motion_picture figure graphic software dataset article" match="any">
        <date variable="accessed" delimiter="-" prefix="[" suffix="]">
          <date-part name="year"/>
          <date-part name="month" form="numeric-leading-zeros"/>
          <date-part name="day" form="numeric-leading-zeros"/>
        </date>
      </if>
    </choose>
  </macro>
  <!-- the book a chapter or a paper is in: //编者. 书名：卷. 版本. 出版项 (a proceedings with no publisher: ，year) -->
  <macro name="container">
    <text macro="editor" suffix=". "/>
    <group delimiter="：">
      <choose>
        <if variable="container-title">
          <text variable="container-title"/>
        </if>
        <else>
          <text variable="event-title"/>
        </else>
      </choose>
      <text variable="volume"/>
    </group>
    <choose>
      <if variable="publisher">
        <text value=". "/>
        <text variable="edition" suffix=". "/>
        <text macro="imprint"/>
      </if>
      <else>
        <text variable="edition" prefix=". "/>
        <text macro="year" prefix="，"/>
      </else>
    </choose>
  </macro>
  <macro name="page">
    <text variable="page" prefix="："/>
  </macro>
  <macro name="entry">
    <choose>
      <if type="standard" match="none">
        <text macro="author" suffix=". "/>
      </if>
    </choose>
    <text macro="title"/>
    <choose>
      <if type="chapter paper-conference">
        <text macro="translator" prefix=". "/>
        <text value="//"/>
        <text macro="container"/>
        <text macro="page"/>
      </if>
      <else-if type="map" variable="container-title" match="all">
        <!-- a map in an atlas or a book: as a chapter is -->
        <text value="//"/>
        <text macro="container"/>
        <text macro="page"/>
      </else-if>
      <else-if type="article-journal">
        <text macro="translator" prefix=". "/>
        <group prefix=". ">
          <group delimiter="，">
            <text variable="container-title"/>
            <choose>
              <if variable="volume issue page" match="any">
                <text macro="year"/>
              </if>
              <else>
                <text macro="full-date"/>
              </else>
            </choose>
            <text variable="volume"/>
          </group>
          <text variable="issue" prefix="（" suffix="）"/>
          <text macro="page"/>
        </group>
      </else-if>
      <else-if type="article-newspaper">
        <group prefix=". ">
          <group delimiter="，">
            <text variable="container-title"/>
            <text macro="full-date"/>
          </group>
          <!-- 出版日期（版次） -->
          <choose>
            <if variable="issue">
              <text variable="issue" prefix="（" suffix="）"/>
            </if>
            <else>
              <text variable="page" prefix="（" suffix="）"/>
            </else>
          </choose>
        </group>
      </else-if>
      <else-if type="standard"/>
      <else-if type="patent">
        <group prefix=". ">
          <text macro="full-date"/>
          <text macro="page"/>
        </group>
      </else-if>
      <else-if type="webpage post post-weblog motion_picture figure graphic software dataset article" match="any">
        <group prefix=". ">
          <text variable="version" prefix="V" suffix=". "/>
          <text macro="online-imprint"/>
          <text macro="accessed"/>
        </group>
      </else-if>
      <else-if type="report legislation regulation" match="any">
        <group prefix=". ">
          <choose>
            <if variable="publisher publisher-place" match="any">
              <text macro="imprint"/>
            </if>
            <else>
              <text macro="full-date"/>
            </else>
          </choose>
          <text macro="page"/>
        </group>
      </else-if>
      <else>
        <group prefix=". ">
          <text macro="translator" suffix=". "/>
          <text variable="edition" suffix=". "/>
          <text macro="imprint"/>
          <text macro="page"/>
        </group>
        <!-- a map's size -->
        <text variable="dimensions" prefix=". "/>
      </else>
    </choose>
    <choose>
      <if type="webpage post post-weblog motion_picture figure graphic software dataset article" match="any">
        <text variable="URL" prefix=". "/>
      </if>
      <else-if variable="URL accessed" match="all">
        <text variable="URL" prefix=". "/>
      </else-if>
    </choose>
    <text variable="DOI" prefix=". DOI:"/>
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
