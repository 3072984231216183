import { roleMay } from "@fonika/shared";
import type { Actor } from "../../../kernel/actor.ts";

/** What search shows to whom. Pure. */

/** Content managers find every playlist of the library; the others those they can play. */
export function maySeeEveryPlaylist(actor: Actor): boolean {
  return roleMay(actor.role, "editLibrary");
}
