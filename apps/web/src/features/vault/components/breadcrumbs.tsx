import type { LibraryEntry } from "@fonika/shared";
import { Link } from "react-router";
import { TRUNCATION } from "../../../config/constants.ts";
import { truncateName } from "../../../lib/format.ts";
import { useDropTarget } from "../hooks/use-drop-target.ts";
import type { useEntryTransfer } from "../hooks/use-entry-transfer.tsx";
import { entryHref } from "../library-location.ts";
import "../vault.css";

interface BreadcrumbsProps {
  /** The ancestors, partition root first (`ls` answers them as `path`). */
  path: readonly LibraryEntry[];
  current: LibraryEntry;
  onDrop: ReturnType<typeof useEntryTransfer>["handleDrop"];
}

/** Where the listed entry is; each ancestor opens it and takes dropped rows. */
export function Breadcrumbs({ path, current, onDrop }: BreadcrumbsProps) {
  return (
    <nav className="breadcrumbs" aria-label="Путь">
      <ol>
        {path.map((entry) => (
          <Crumb key={entry.entryId} entry={entry} onDrop={onDrop} />
        ))}
        <li>
          <span aria-current="page" title={current.name}>
            {truncateName(current.name, TRUNCATION.folderVersionPlaylist)}
          </span>
        </li>
      </ol>
    </nav>
  );
}

function Crumb({ entry, onDrop }: { entry: LibraryEntry; onDrop: BreadcrumbsProps["onDrop"] }) {
  const drop = useDropTarget(entry, onDrop);
  return (
    <li className={drop.over ? "is-drop-target" : undefined} {...drop.props}>
      <Link to={entryHref(entry)} title={entry.name}>
        {truncateName(entry.name, TRUNCATION.folderVersionPlaylist)}
      </Link>
    </li>
  );
}
