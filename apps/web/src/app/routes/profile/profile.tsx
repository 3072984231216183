import { useSessionState } from "../../../lib/app-services.ts";
import { ProfileView } from "./profile-view.tsx";

/** `/profile`: the signed-in user's own profile, organization and signed-in devices. */
export default function ProfileScreen() {
  const { userId } = useSessionState();
  return userId ? <ProfileView userId={userId} own /> : null;
}
