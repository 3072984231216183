import type { EstablishmentInput } from "@fonika/shared";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { EstablishmentForm, type EstablishmentFormValues } from "./establishment-form.tsx";

const EMPTY: EstablishmentFormValues = {
  name: "",
  address: "",
  timeZone: "Europe/Moscow",
  explicitFilter: false,
};

/** The form with what it sent on each submit. */
function renderForm(initial: EstablishmentFormValues = EMPTY) {
  const sent: EstablishmentInput[] = [];
  render(
    <EstablishmentForm
      initial={initial}
      submitLabel="Добавить заведение"
      onSubmit={async (input) => {
        sent.push(input);
      }}
    />,
  );
  const address = screen.getByLabelText("Адрес") as HTMLInputElement;
  const zone = screen.getByRole("combobox", { name: "Часовой пояс" }) as HTMLInputElement;
  /** The line under the address field. */
  const addressLine = () => document.getElementById(`${address.id}-message`)?.textContent;
  return { sent, address, zone, addressLine };
}

describe("the venue's address sets its time zone", () => {
  it("takes the zone of the city the address names and saves the venue in it", async () => {
    const { sent, address, zone, addressLine } = renderForm();
    expect(addressLine()).toBe("");
    await userEvent.type(screen.getByLabelText("Название"), "Кофейня на Малышева");
    await userEvent.type(address, "Екатеринбург, ул. Малышева, 5");
    expect(zone.value).toBe("Екатеринбург (UTC+5)");
    expect(addressLine()).toBe("Часовой пояс: Екатеринбург (UTC+5) — по адресу");

    await userEvent.click(screen.getByRole("button", { name: "Добавить заведение" }));
    await waitFor(() =>
      expect(sent).toEqual([
        {
          name: "Кофейня на Малышева",
          address: "Екатеринбург, ул. Малышева, 5",
          timeZone: "Asia/Yekaterinburg",
          explicitFilter: false,
        },
      ]),
    );
  });

  it("keeps the zone when the address names no city it knows, and says which zone that is", async () => {
    const { address, zone, addressLine } = renderForm();
    await userEvent.type(address, "ул. Ленина, 5");
    expect(zone.value).toBe("Москва (UTC+3)");
    expect(addressLine()).toBe("Часовой пояс: Москва (UTC+3)");
  });

  it("keeps a zone picked by hand whatever the address says next", async () => {
    const { address, zone, addressLine } = renderForm();
    await userEvent.type(address, "Омск, ");
    expect(zone.value).toBe("Омск (UTC+6)");

    await userEvent.click(zone);
    await userEvent.keyboard("Сам");
    await userEvent.click(screen.getByRole("option", { name: "Самара (UTC+4)" }));
    expect(addressLine()).toBe("Часовой пояс: Самара (UTC+4)");

    await userEvent.clear(address);
    await userEvent.type(address, "Екатеринбург, ул. Малышева, 5");
    expect(zone.value).toBe("Самара (UTC+4)");
    expect(addressLine()).toBe("Часовой пояс: Самара (UTC+4)");
  });

  it("on a saved venue, says the zone is the address's when it is", async () => {
    const { address, zone, addressLine } = renderForm({
      ...EMPTY,
      name: "Кофейня у парка",
      address: "Новосибирск, Красный пр., 1",
      timeZone: "Asia/Novosibirsk",
    });
    expect(addressLine()).toBe("Часовой пояс: Новосибирск (UTC+7) — по адресу");

    await userEvent.clear(address);
    await userEvent.type(address, "г. Красноярск, пр. Мира, 1");
    expect(zone.value).toBe("Красноярск (UTC+7)");
    expect(addressLine()).toBe("Часовой пояс: Красноярск (UTC+7) — по адресу");
  });
});
