import type { Actor } from "../kernel/actor.ts";

/**
 * What the socket needs of sign-in when a device names its player: a
 * venue-wide device session (a box approved for its establishment) that
 * names one player on connecting is bound to it from then on, so that
 * removing the player ends the session. The auth module fills it
 * (`app.realtime.useDeviceBinding`); until then a named player only narrows
 * the socket.
 */
export interface DeviceBinding {
  /**
   * Binds the actor's session to `playerId`, a player the socket already
   * found to be of the device's venue. True when the session now plays
   * that player (bound by this call, or before it); false when it is bound
   * to another, has ended, or the player was removed meanwhile (then the
   * session ends too).
   */
  bind(actor: Actor, playerId: string): Promise<boolean>;
}

/** Before the auth module installs its own: nothing is stored, the socket is only narrowed. */
export const noDeviceBinding: DeviceBinding = { bind: async () => true };
