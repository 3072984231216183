/** A legal text as data: numbered sections of paragraphs, rendered by LegalPage. */
export interface LegalSection {
  heading: string;
  paragraphs: readonly string[];
}

export interface LegalDocument {
  title: string;
  /** Edition date shown under the title, dd.MM.yyyy. */
  edition: string;
  intro: readonly string[];
  sections: readonly LegalSection[];
}
