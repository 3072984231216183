import { FullscreenLayout } from "../../../components/layouts/fullscreen-layout.tsx";
import type { LegalDocument } from "./texts/legal-document.ts";
import "./legal.css";

/** A legal text on a fullscreen reading page. */
export function LegalPage({ document }: { document: LegalDocument }) {
  return (
    <FullscreenLayout variant="document">
      <article className="legal">
        <h1>{document.title}</h1>
        <p className="legal__edition">Редакция от {document.edition}</p>
        {document.intro.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
        <ol className="legal__sections">
          {document.sections.map((section, sectionIndex) => (
            <li key={section.heading}>
              <h2>
                {sectionIndex + 1}. {section.heading}
              </h2>
              {section.paragraphs.map((paragraph, paragraphIndex) => (
                <p key={paragraph}>
                  <span className="legal__number">
                    {sectionIndex + 1}.{paragraphIndex + 1}.
                  </span>{" "}
                  {paragraph}
                </p>
              ))}
            </li>
          ))}
        </ol>
      </article>
    </FullscreenLayout>
  );
}
