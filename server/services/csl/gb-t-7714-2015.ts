// The lab site's own CSL style for a reference list entry by GB/T 7714-2015 (the sequential-numbering
// system's entries, without the number): authors' family names in capitals with given initials, three
// then "et al." (citations.ts writes 等 for Chinese names), the document type code ([J], [C], [M], [D], [P],
// [CP/OL], [EB/OL]), and the DOI at the end. Written for the kinds a lab publishes: journal and conference
// papers, monographs, theses, patents, software and other works (preprints, web pages). A module rather
// than a .csl file, so the bundle `npm start` runs carries it.

export const gbt7714 = `<?xml version="1.0" encoding="utf-8"?>
<style xmlns="http://purl.org/net/xbiblio/csl" class="in-text" version="1.0" default-locale="en-US">
  <info>
    <title>GB/T 7714-2015 (lab site)</title>
    <id>lab-site-gb-t-7714-2015</id>
    <updated>2026-11-23T00:00:00+00:00</updated>
  </info>
  <locale xml:lang="en">
    <terms>
      <term name="et-al">et al.</term>
    </terms>
  </locale>
  <macro name="author">
    <names variable="author">
      <name delimiter=", " delimiter-precedes-last="always" et-al-min="4" et-al-use-first="3" initialize-with=" " name-as-sort-order="all" sort-separator=" ">
        <name-part name="family" text-case="uppercase"/>
      </name>
      <et-al term="et-al" prefix=", "/>
      <substitute>
        <names variable="editor"/>
      </substitute>
    </names>
  </macro>
  <macro name="year">
    <date variable="issued">
      <date-part name="year"/>
    </date>
  </macro>
  <!-- 出版项 (4.1, 4.2): place: publisher (a thesis's school), year -->
  <macro name="imprint">
    <group delimiter=", ">
      <group delimiter=": ">
        <text variable="publisher-place"/>
        <text variable="publisher"/>
      </group>
      <text macro="year"/>
    </group>
  </macro>
  <macro name="doi">
    <text variable="DOI" prefix=". DOI:"/>
  </macro>
  <citation>
    <layout>
      <text variable="title"/>
    </layout>
  </citation>
  <bibliography>
    <layout suffix=".">
      <text macro="author" suffix=". "/>
      <choose>
        <if type="article-journal">
          <text variable="title" suffix="[J]. "/>
          <group delimiter=", ">
            <text variable="container-title"/>
            <text macro="year"/>
          </group>
          <text variable="volume" prefix=", "/>
          <text variable="issue" prefix="(" suffix=")"/>
          <text variable="page" prefix=": "/>
        </if>
        <else-if type="paper-conference">
          <text variable="title" suffix="[C]//"/>
          <text variable="container-title" suffix=". "/>
          <text macro="imprint"/>
          <text variable="page" prefix=": "/>
        </else-if>
        <else-if type="book">
          <text variable="title" suffix="[M]. "/>
          <text variable="edition" suffix=". "/>
          <text macro="imprint"/>
          <text variable="page" prefix=": "/>
        </else-if>
        <else-if type="thesis">
          <text variable="title" suffix="[D]. "/>
          <text macro="imprint"/>
        </else-if>
        <else-if type="patent">
          <text variable="title"/>
          <text variable="number" prefix=": "/>
          <text value="[P]. "/>
          <text macro="year"/>
        </else-if>
        <else-if type="software">
          <text variable="title" suffix="[CP/OL]. "/>
          <text macro="imprint"/>
          <text variable="URL" prefix=". "/>
        </else-if>
        <else>
          <text variable="title" suffix="[EB/OL]. "/>
          <group delimiter=", ">
            <text variable="container-title"/>
            <text macro="year"/>
          </group>
          <text variable="URL" prefix=". "/>
        </else>
      </choose>
      <text macro="doi"/>
    </layout>
  </bibliography>
</style>
`;
