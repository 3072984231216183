import type { TariffItem } from "@fonika/shared";
import { Checkbox } from "../../../components/ui/checkbox.tsx";
import { formatRoubles } from "../../../lib/format.ts";
import { isIncludedItem } from "../subscription-pricing.ts";

/** One item of a tariff in the form: a checkbox, or "Входит в тариф" when the tariff includes it. */
export function ItemChoice({
  item,
  recurrent,
  checked,
  onChange,
}: {
  item: TariffItem;
  recurrent: boolean;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  if (isIncludedItem(item)) {
    return (
      <li className="subscription-item subscription-item--included">
        <span className="subscription-item__name">{item.name}</span>
        <span className="subscription-item__included">Входит в тариф</span>
        {item.approvalRequired && (
          <span className="subscription-item__approval">требует согласования менеджером</span>
        )}
      </li>
    );
  }
  return (
    <li className="subscription-item">
      <Checkbox checked={checked} onChange={onChange}>
        <span className="subscription-item__name">{item.name}</span>
        <span className="subscription-item__price">
          {formatRoubles(item.price)}
          {recurrent ? " в месяц" : " разово"}
        </span>
        {item.approvalRequired && (
          <span className="subscription-item__approval">требует согласования менеджером</span>
        )}
      </Checkbox>
    </li>
  );
}
