import { BusCache } from "../../lib/bus-cache.ts";
import type { EventBus } from "../../realtime/bus.ts";
import type { EstablishmentsStore } from "./establishments.store.ts";

/**
 * Whether each venue's explicit filter is on, kept in memory (a device's
 * every Range asks) and forgotten on `establishments-changed` and on a gap
 * of the shared bus. It needs only the database and the bus, so it is made
 * before the library, which asks it for every file a device reads.
 */
export class ExplicitFilters {
  private readonly filters: BusCache<boolean>;

  constructor(store: EstablishmentsStore, bus: Pick<EventBus, "subscribe" | "onGap">) {
    this.filters = new BusCache({ load: (id) => store.establishments.findExplicitFilter(id) });
    // Listening ends with the bus, which closes with the app.
    bus.subscribe((event) => {
      if (event.kind === "establishments-changed") this.filters.forget(event.establishmentIds);
    });
    bus.onGap(() => this.filters.clear());
  }

  /** Whether the venue's explicit filter is on; an unknown venue filters nothing. */
  async isOn(establishmentId: string): Promise<boolean> {
    return (await this.filters.get(establishmentId)) ?? false;
  }
}
