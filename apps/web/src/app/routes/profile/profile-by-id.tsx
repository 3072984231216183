import { useParams } from "react-router";
import { useSessionState } from "../../../lib/app-services.ts";
import { ProfileView } from "./profile-view.tsx";

/**
 * `/profile/{id}`: a user's profile (staff viewing a client); the server
 * decides whether the viewer may see it and what they may change.
 */
export default function ProfileByIdScreen() {
  const { id } = useParams();
  const { userId } = useSessionState();
  if (!id) return null;
  return <ProfileView key={id} userId={id} own={id === userId} />;
}
