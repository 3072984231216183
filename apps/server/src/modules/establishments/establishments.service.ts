import { open } from "node:fs/promises";
import {
  ESTABLISHMENTS,
  type Establishment,
  type EstablishmentInput,
  type SubscriptionInfo,
  timeZoneOfAddress,
} from "@fonika/shared";
import type { Executor } from "../../db/client.ts";
import type { Actor } from "../../kernel/actor.ts";
import type { StoredFile } from "../../kernel/stored-file.ts";
import { isClientAccount } from "../../lib/client-access.ts";
import { toPage } from "../../lib/paging.ts";
import type { EventBus } from "../../realtime/bus.ts";
import type { FileStore } from "../../storage/file-store.ts";
import { imageTypeOf } from "../../storage/images.ts";
import type { UploadSource } from "../../storage/upload.ts";
import type { PlayerCounts } from "../players/players.ts";
import { establishmentErrors } from "./establishments.errors.ts";
import {
  assertMayChangeEstablishments,
  assertMayReadEstablishments,
  establishmentAbilities,
} from "./establishments.policy.ts";
import type { EstablishmentFields, EstablishmentRow } from "./establishments.repository.ts";
import { EstablishmentsStore } from "./establishments.store.ts";
import { venueNameOf } from "./venue-directory.service.ts";

/** What establishments need to know from other modules; app.ts wires them. */
export interface EstablishmentPorts {
  /** The account of a user id (accounts): only clients keep establishments. */
  findAccount(userId: string): Promise<{ authority: string[]; status: string } | undefined>;
  /** The live subscription of each establishment that has one (subscriptions). */
  liveSubscriptions(establishmentIds: string[]): Promise<Map<string, SubscriptionInfo>>;
  /** Player counts per establishment (players). */
  playerCounts(establishmentIds: string[]): Promise<Map<string, PlayerCounts>>;
  /**
   * The explicit filter of an establishment was turned on or off, and every
   * process was told (players: its players decide again, and one playing an
   * explicit song when it is turned on skips to the next allowed song).
   */
  explicitFilterChanged(establishmentId: string, on: boolean): Promise<void>;
}

export interface EstablishmentsServiceDependencies extends EstablishmentPorts {
  store: EstablishmentsStore;
  files: FileStore;
  /** A change of the explicit filter or the time zone is told to every process (`establishments-changed`). */
  bus: EventBus;
}

export interface EstablishmentListRequest {
  page: number;
  count: number;
  query?: string | undefined;
}

/**
 * Establishments (client objects): a client's venues with their time zone
 * and floor plan. Every answer carries its subscription, its players and
 * what the caller may do with it.
 */
export class EstablishmentsService {
  constructor(private readonly deps: EstablishmentsServiceDependencies) {}

  async list(
    actor: Actor,
    clientId: string,
    request: EstablishmentListRequest,
  ): Promise<{ data: Establishment[]; total: number; totalPages: number }> {
    assertMayReadEstablishments(actor, clientId);
    await this.assertClient(clientId);
    const { rows, total } = await this.deps.store.establishments.listEstablishments(
      clientId,
      request.query ?? "",
      { offset: request.page * request.count, limit: request.count },
    );
    return toPage(await this.present(actor, rows), total, request.count);
  }

  async get(actor: Actor, clientId: string, id: string): Promise<Establishment> {
    assertMayReadEstablishments(actor, clientId);
    return this.presentOne(actor, await this.find(clientId, id));
  }

  async add(actor: Actor, clientId: string, input: EstablishmentInput): Promise<Establishment> {
    assertMayChangeEstablishments(actor, clientId);
    await this.assertClient(clientId);
    const row = await this.deps.store.establishments.insertEstablishment(clientId, {
      name: input.name,
      address: input.address,
      // Unnamed, the zone is the address's city's (as the form shows), else Moscow's.
      timeZone:
        input.timeZone ?? timeZoneOfAddress(input.address) ?? ESTABLISHMENTS.defaultTimeZone,
      explicitFilter: input.explicitFilter ?? false,
    });
    return this.presentOne(actor, row);
  }

  async change(
    actor: Actor,
    clientId: string,
    id: string,
    input: Partial<EstablishmentInput>,
  ): Promise<Establishment> {
    assertMayChangeEstablishments(actor, clientId);
    const before = await this.find(clientId, id);
    const change: Partial<EstablishmentFields> = {};
    if (input.name !== undefined) change.name = input.name;
    if (input.address !== undefined) change.address = input.address;
    if (input.timeZone !== undefined) change.timeZone = input.timeZone;
    // Omitted, the filter stays as it is.
    if (input.explicitFilter !== undefined) change.explicitFilter = input.explicitFilter;
    const row = await this.deps.store.establishments.updateEstablishment(id, change);
    if (!row) throw establishmentErrors.notFound();
    // The time zone moves when its players' windows open (the silence sweep sleeps until then).
    if (row.explicitFilter !== before.explicitFilter || row.timeZone !== before.timeZone) {
      await this.deps.bus.publish({
        kind: "establishments-changed",
        rooms: [],
        establishmentIds: [id],
      });
    }
    if (row.explicitFilter !== before.explicitFilter) {
      await this.deps.explicitFilterChanged(id, row.explicitFilter);
    }
    return this.presentOne(actor, row);
  }

  /**
   * Attaches the floor plan, an image or a PDF told by its content; the
   * previous plan's file goes once the new one is in.
   */
  async addLayout(
    actor: Actor,
    clientId: string,
    id: string,
    upload: UploadSource,
  ): Promise<Establishment> {
    assertMayChangeEstablishments(actor, clientId);
    await this.find(clientId, id);
    const file = await upload({
      maxBytes: ESTABLISHMENTS.maxLayoutMb * 1024 * 1024,
      tooLargeReason: establishmentErrors.layoutTooLargeReason(),
    });
    try {
      const contentType = await layoutTypeOf(file.path);
      if (!contentType) throw establishmentErrors.layoutUnsupported();
      const key = `layouts/${id}/${file.sha256}`;
      await this.deps.files.putFile(key, file.path, contentType);
      const { before, row } = await this.deps.store.withTx(async (tx) => {
        const locked = await tx.establishments.findEstablishment(clientId, id, { lock: true });
        if (!locked) throw establishmentErrors.notFound();
        const updated = await tx.establishments.updateEstablishment(id, {
          layoutKey: key,
          layoutName: file.filename.slice(0, 200) || "plan",
          layoutType: contentType,
          layoutSize: file.size,
          layoutUploadedAt: new Date(),
        });
        return { before: locked.layoutKey, row: updated };
      });
      if (before && before !== key) await this.deps.files.remove(before);
      if (!row) throw establishmentErrors.notFound();
      return this.presentOne(actor, row);
    } finally {
      await file.discard();
    }
  }

  /** The floor plan, for the file answer (shown in place, under its name); 404 when there is none. */
  async layoutFile(actor: Actor, clientId: string, id: string): Promise<StoredFile> {
    assertMayReadEstablishments(actor, clientId);
    const row = await this.find(clientId, id);
    if (!row.layoutKey || !row.layoutType) throw establishmentErrors.layoutNotFound();
    return {
      key: row.layoutKey,
      size: row.layoutSize ?? 0,
      contentType: row.layoutType,
      etag: row.layoutKey.slice(row.layoutKey.lastIndexOf("/") + 1),
      caching: "revalidate",
      disposition: { type: "inline", fileName: row.layoutName ?? "plan" },
    };
  }

  async deleteLayout(actor: Actor, clientId: string, id: string): Promise<void> {
    assertMayChangeEstablishments(actor, clientId);
    const before = await this.deps.store.withTx(async (tx) => {
      const locked = await tx.establishments.findEstablishment(clientId, id, { lock: true });
      if (!locked) throw establishmentErrors.notFound();
      await tx.establishments.updateEstablishment(id, {
        layoutKey: null,
        layoutName: null,
        layoutType: null,
        layoutSize: null,
        layoutUploadedAt: null,
      });
      return locked.layoutKey;
    });
    if (before) await this.deps.files.remove(before);
  }

  /**
   * Forgets a deleted client's establishments inside the deletion's
   * transaction (accounts' port): names and addresses are blanked and the
   * floor plans' rows let go; their files are removed once the deletion
   * has committed (the answered follow-up), since a file cannot be rolled back.
   */
  async forgetClient(tx: Executor, clientId: string, at: Date): Promise<() => Promise<void>> {
    const layoutKeys = await new EstablishmentsStore(tx).establishments.eraseEstablishmentsOfUser(
      clientId,
      at,
    );
    return async () => {
      for (const key of layoutKeys) await this.deps.files.remove(key);
    };
  }

  private async find(clientId: string, id: string): Promise<EstablishmentRow> {
    const row = await this.deps.store.establishments.findEstablishment(clientId, id);
    if (!row) throw establishmentErrors.notFound();
    return row;
  }

  /** Only clients keep establishments; any other id is answered as no client. */
  private async assertClient(clientId: string): Promise<void> {
    const account = await this.deps.findAccount(clientId);
    if (!account || !isClientAccount(account)) throw establishmentErrors.clientNotFound();
  }

  private async presentOne(actor: Actor, row: EstablishmentRow): Promise<Establishment> {
    const [one] = await this.present(actor, [row]);
    if (!one) throw establishmentErrors.notFound();
    return one;
  }

  private async present(actor: Actor, rows: EstablishmentRow[]): Promise<Establishment[]> {
    const ids = rows.map((row) => row.id);
    const [subscriptions, players] = await Promise.all([
      ids.length ? this.deps.liveSubscriptions(ids) : new Map<string, SubscriptionInfo>(),
      ids.length ? this.deps.playerCounts(ids) : new Map<string, PlayerCounts>(),
    ]);
    return rows.map((row) => {
      const subscriptionInfo = subscriptions.get(row.id) ?? null;
      return {
        id: row.id,
        userId: row.userId,
        name: venueNameOf(row.name),
        address: row.address,
        timeZone: row.timeZone,
        explicitFilter: row.explicitFilter,
        layoutFile:
          row.layoutKey && row.layoutType && row.layoutUploadedAt
            ? {
                name: row.layoutName ?? "plan",
                size: row.layoutSize ?? 0,
                contentType: row.layoutType as (typeof ESTABLISHMENTS.layoutTypes)[number],
                uploadedAt: row.layoutUploadedAt.toISOString(),
              }
            : null,
        playerInfo: players.get(row.id) ?? { players: 0, online: 0 },
        subscriptionInfo,
        createdAt: row.createdAt.toISOString(),
        abilities: establishmentAbilities(actor, row.userId, subscriptionInfo !== null),
      };
    });
  }
}

/** A floor plan's type by its first bytes: a JPEG, PNG or WebP image, or a PDF. */
async function layoutTypeOf(filePath: string): Promise<string | undefined> {
  const handle = await open(filePath, "r");
  try {
    const head = Buffer.alloc(16);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    const start = head.subarray(0, bytesRead);
    if (start.toString("latin1", 0, 5) === "%PDF-") return "application/pdf";
    return imageTypeOf(start);
  } finally {
    await handle.close();
  }
}
