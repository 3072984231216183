import type { Establishment } from "@fonika/shared";
import { Link } from "react-router";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { pathTo } from "../../../config/paths.ts";
import { PlayersState } from "./players-state.tsx";
import { SubscriptionSummary } from "./subscription-summary.tsx";
import { TimeZoneNow } from "./time-zone-now.tsx";
import "../establishments.css";

interface EstablishmentCardProps {
  establishment: Establishment;
  clientId?: string;
}

/** One establishment in the list: name (opens it), address, time zone, players, subscription. */
export function EstablishmentCard({ establishment, clientId }: EstablishmentCardProps) {
  return (
    <li className="establishment-card">
      <div className="establishment-card__main">
        <Link
          className="establishment-card__name"
          to={pathTo("ClientObject", { id: establishment.id, clientId })}
        >
          {establishment.name}
        </Link>
        <p className="establishment-card__address">{establishment.address}</p>
        <TimeZoneNow zone={establishment.timeZone} />
        <PlayersState establishment={establishment} />
      </div>
      <div className="establishment-card__subscription">
        <SubscriptionSummary establishment={establishment} clientId={clientId} />
      </div>
    </li>
  );
}

/** The place of a card while the list loads. */
export function EstablishmentCardSkeleton() {
  return (
    <li className="establishment-card" aria-hidden="true">
      <div className="establishment-card__main">
        <Skeleton width="60%" height="20px" />
        <Skeleton width="85%" />
        <Skeleton width="50%" />
        <Skeleton width="40%" />
      </div>
      <div className="establishment-card__subscription">
        <Skeleton width="70%" />
        <Skeleton width="45%" />
      </div>
    </li>
  );
}
