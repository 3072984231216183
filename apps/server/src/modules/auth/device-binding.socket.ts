import type { SocketRegistry } from "../../realtime/socket-registry.ts";
import type { DeviceBindings } from "./device-binding.service.ts";

/**
 * Sign-in on the player socket (issue 27): a box's venue-wide device
 * session whose socket names its player is bound to that player from then
 * on (DeviceBindings); a session that may not be is refused there.
 */
export function registerDeviceBindingSocket(
  realtime: SocketRegistry,
  bindings: Pick<DeviceBindings, "bind">,
): void {
  realtime.bindNamedPlayer((actor, playerId) => bindings.bind(actor, playerId));
}
