import {
  AUTHOR_ATTACHMENTS,
  type CopyrightLicence,
  type EndingLicence,
  type licenceChangeSchema,
  licenceDayOf,
  licenceFieldsSchema,
} from "@fonika/shared";
import type { z } from "zod";
import type { Actor } from "../../../kernel/actor.ts";
import type { StoredFile } from "../../../kernel/stored-file.ts";
import { contentKey, type FileStore } from "../../../storage/file-store.ts";
import type { UploadSource } from "../../../storage/upload.ts";
import type { LibraryStore } from "../store/library.store.ts";
import type { LicenceRow } from "../store/licences.repository.ts";
import { forgetDocumentsIfUnused } from "./author-attachments.service.ts";
import { catalogErrors } from "./catalog.errors.ts";
import { assertMayEditCatalog, assertMayReadAuthorDocuments } from "./catalog.policy.ts";
import { detectDocumentType } from "./document-file.ts";

export interface LicencesDependencies {
  store: LibraryStore;
  files: FileStore;
  /** Told once a licence is stored, changed or removed: what may play is read again. */
  licencesChanged: () => Promise<void>;
  now?: () => number;
}

type LicenceChange = z.output<typeof licenceChangeSchema>;
type LicenceFields = z.output<typeof licenceFieldsSchema>;

const DAY_MS = 86_400_000;

/**
 * A copyright holder's licences (issue 32): recorded, corrected, removed,
 * their signed documents kept as authors' documents are, and the ones that
 * end soon listed for the content manager. Every change is announced, for
 * a licence decides which songs may play.
 */
export class LicencesService {
  private readonly store: LibraryStore;
  private readonly now: () => number;

  constructor(private readonly deps: LicencesDependencies) {
    this.store = deps.store;
    this.now = deps.now ?? Date.now;
  }

  async list(actor: Actor, holderId: string): Promise<CopyrightLicence[]> {
    assertMayReadAuthorDocuments(actor);
    await this.existingHolder(holderId);
    return (await this.store.licences.listLicences(holderId)).map(presentLicence);
  }

  async add(actor: Actor, holderId: string, fields: LicenceFields): Promise<CopyrightLicence> {
    assertMayEditCatalog(actor);
    const row = await this.store.withTx(async (tx) => {
      if (!(await tx.catalog.lockEntry("copyright-holder", holderId))) {
        throw catalogErrors.entryNotFound("copyright-holder");
      }
      return tx.licences.insertLicence({ holderId, ...fields });
    });
    await this.deps.licencesChanged();
    return presentLicence(row);
  }

  /** Corrects a licence; the period is checked with what stays of it. */
  async change(
    actor: Actor,
    holderId: string,
    licenceId: string,
    change: LicenceChange,
  ): Promise<CopyrightLicence> {
    assertMayEditCatalog(actor);
    const row = await this.store.withTx(async (tx) => {
      const before = await tx.licences.findLicence(holderId, licenceId);
      if (!before) throw await this.missing(holderId, tx);
      const merged = licenceFieldsSchema.safeParse({
        contractNumber: change.contractNumber ?? before.contractNumber,
        territory: change.territory ?? before.territory,
        startsOn: change.startsOn ?? before.startsOn,
        endsOn: change.endsOn === undefined ? before.endsOn : change.endsOn,
      });
      if (!merged.success) throw catalogErrors.licencePeriodReversed();
      return tx.licences.updateLicence(licenceId, merged.data);
    });
    await this.deps.licencesChanged();
    return presentLicence(row);
  }

  /** Removes a licence recorded in error, its document's file too unless another row keeps it. */
  async remove(actor: Actor, holderId: string, licenceId: string): Promise<void> {
    assertMayEditCatalog(actor);
    const removed = await this.store.withTx(async (tx) => {
      const key = await tx.licences.deleteLicence(holderId, licenceId);
      if (key) await forgetDocumentsIfUnused(tx, this.deps.files, [key]);
      return key !== undefined;
    });
    if (!removed) throw await this.missing(holderId);
    await this.deps.licencesChanged();
  }

  /**
   * Attaches (or replaces) the licence's signed document. The content
   * decides: anything but PDF, JPEG, PNG, DOC, DOCX or ODT is refused and
   * nothing stays behind.
   */
  async changeDocument(
    actor: Actor,
    holderId: string,
    licenceId: string,
    upload: UploadSource,
  ): Promise<CopyrightLicence> {
    assertMayEditCatalog(actor);
    if (!(await this.store.licences.findLicence(holderId, licenceId))) {
      throw await this.missing(holderId);
    }
    const maxBytes = AUTHOR_ATTACHMENTS.maxMb * 1024 * 1024;
    const file = await upload({ maxBytes, tooLargeReason: catalogErrors.attachmentTooLarge() });
    const { files } = this.deps;
    const storageKey = contentKey("attachments", file.sha256);
    try {
      if (file.size === 0) throw catalogErrors.emptyAttachment();
      const contentType = await detectDocumentType(file.path, file.size);
      if (!contentType) throw catalogErrors.unsupportedAttachment();
      const row = await this.store.withTx(async (tx) => {
        const before = await tx.licences.findLicence(holderId, licenceId);
        if (!before) throw await this.missing(holderId, tx);
        await tx.authorAttachments.lockStorageKey(storageKey);
        if (!(await files.exists(storageKey))) {
          await files.putFile(storageKey, file.path, contentType);
        }
        const changed = await tx.licences.updateLicence(licenceId, {
          storageKey,
          contentHash: file.sha256,
          fileName: cleanFileName(file.filename) || `licence.${contentType.split("/")[1]}`,
          contentType,
          sizeBytes: file.size,
        });
        if (before.storageKey && before.storageKey !== storageKey) {
          await forgetDocumentsIfUnused(tx, files, [before.storageKey]);
        }
        return changed;
      });
      return presentLicence(row);
    } catch (error) {
      await this.store.withTx((tx) => forgetDocumentsIfUnused(tx, files, [storageKey]));
      throw error;
    } finally {
      await file.discard();
    }
  }

  /** The licence's document, for a download under its own name; staff only. */
  async documentFile(actor: Actor, holderId: string, licenceId: string): Promise<StoredFile> {
    assertMayReadAuthorDocuments(actor);
    const row = await this.store.licences.findLicence(holderId, licenceId);
    if (!row) throw await this.missing(holderId);
    if (!row.storageKey || !row.contentHash || !row.contentType || row.sizeBytes === null) {
      throw catalogErrors.attachmentNotFound();
    }
    return {
      key: row.storageKey,
      size: row.sizeBytes,
      contentType: row.contentType,
      etag: row.contentHash,
      caching: "revalidate",
      disposition: { type: "attachment", fileName: row.fileName ?? "licence" },
    };
  }

  /** Licences that end within `days` from today (Moscow), soonest first; staff only. */
  async ending(actor: Actor, days: number): Promise<EndingLicence[]> {
    assertMayReadAuthorDocuments(actor);
    const now = this.now();
    const rows = await this.store.licences.licencesEndingBetween(
      licenceDayOf(now),
      licenceDayOf(now + days * DAY_MS),
    );
    return rows.map((row) => ({
      licence: presentLicence(row.licence),
      holder: { id: row.licence.holderId, name: row.holderName },
      songCount: row.songCount,
      followedBy: Boolean(row.followedBy),
    }));
  }

  private async existingHolder(holderId: string): Promise<void> {
    if (!(await this.store.catalog.findEntry("copyright-holder", holderId))) {
      throw catalogErrors.entryNotFound("copyright-holder");
    }
  }

  /**
   * The 404 of a licence that is not there: of the holder, or of the
   * licence. Inside a transaction, read through it (`store`): the embedded
   * database has one connection, which the transaction holds.
   */
  private async missing(holderId: string, store: LibraryStore = this.store) {
    return (await store.catalog.findEntry("copyright-holder", holderId))
      ? catalogErrors.licenceNotFound()
      : catalogErrors.entryNotFound("copyright-holder");
  }
}

/** What leaves the server of a licence row. */
export function presentLicence(row: LicenceRow): CopyrightLicence {
  return {
    id: row.id,
    holderId: row.holderId,
    contractNumber: row.contractNumber,
    territory: row.territory,
    startsOn: row.startsOn,
    endsOn: row.endsOn,
    document:
      row.fileName && row.contentType && row.sizeBytes !== null
        ? {
            fileName: row.fileName,
            contentType: row.contentType as NonNullable<
              CopyrightLicence["document"]
            >["contentType"],
            sizeBytes: row.sizeBytes,
          }
        : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The uploaded name without folders or control characters. */
function cleanFileName(uploaded: string): string {
  const base = uploaded.split(/[/\\]/).pop() ?? "";
  return base
    .replace(/\p{Cc}/gu, "")
    .trim()
    .slice(0, 255);
}
