import type { Tariff } from "@fonika/shared";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { Icon } from "../../../components/ui/icon.tsx";
import { formatRoubles } from "../../../lib/format.ts";
import "../tariffs.css";

/** What a tariff holds: its features with their items and prices, benefits and playlists. */
export function TariffContents({ tariff }: { tariff: Tariff }) {
  return (
    <div className="tariff-contents">
      {tariff.features.length === 0 ? (
        <EmptyState icon="tariffs" title="Дополнительных функций нет">
          Тариф включает только то, что указано в описании и преимуществах.
        </EmptyState>
      ) : (
        <ul className="tariff-features">
          {tariff.features.map((feature) => (
            <li key={feature.id} className="tariff-feature">
              <h3 className="tariff-feature__name">
                {feature.name}
                <span className="chip">{feature.recurrent ? "Ежемесячно" : "Разово"}</span>
              </h3>
              {feature.items.length === 0 ? (
                <p className="muted">Позиций нет</p>
              ) : (
                <ul className="tariff-items">
                  {feature.items.map((item) => (
                    <li key={item.id} className="tariff-item">
                      <span className="tariff-item__name">{item.name}</span>
                      <span className="tariff-item__price">
                        {item.price > 0 ? formatRoubles(item.price) : "Включено"}
                      </span>
                      {item.approvalRequired && (
                        <span className="tariff-item__approval">
                          требует согласования менеджером
                        </span>
                      )}
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}
      {tariff.benefits.length > 0 && (
        <div>
          <h3 className="tariff-contents__title">Преимущества</h3>
          <ul className="tariff-benefits">
            {tariff.benefits.map((benefit) => (
              <li key={benefit}>
                <Icon name="check" size={16} />
                {benefit}
              </li>
            ))}
          </ul>
        </div>
      )}
      {tariff.playlists.length > 0 && (
        <div>
          <h3 className="tariff-contents__title">Плейлисты тарифа</h3>
          <ul className="tariff-playlists">
            {tariff.playlists.map((playlist) => (
              <li key={playlist.id} className="tag">
                <Icon name="playlists" size={14} />
                {playlist.name}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
