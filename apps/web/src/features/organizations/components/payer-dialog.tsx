import type { Organization } from "@fonika/shared";
import { useState } from "react";
import { toast } from "react-toastify";
import { Modal } from "../../../components/ui/modal.tsx";
import { errorText } from "../../../lib/error-messages.ts";
import { useAddOrganization } from "../api/add-organization.ts";
import { useAddPaymentMethod } from "../api/add-payment-method.ts";
import { OrganizationForm } from "./organization-form.tsx";
import { PaymentMethodForm } from "./payment-method-form.tsx";

interface PayerDialogProps {
  /** The client who pays. */
  userId: string;
  /** The organization that gets the payment method; null: the client has none, add it first. */
  organization: Organization | null;
  /** The organization as the server answered it and the payment method just added to it. */
  onAdded: (organization: Organization, paymentMethodId: string) => void;
  onClose: () => void;
  /** Opened over a form whose choices stay (the subscription form); not over a card's button. */
  overForm?: boolean;
}

/** The ids of an organization's settlement accounts and business cards. */
function methodIdsOf(organization: Organization): Set<string> {
  return new Set([...organization.accounts, ...organization.cards].map((method) => method.id));
}

/**
 * Adds a payer without leaving the page (the subscription form opens it):
 * a business card or settlement account to the organization, and when the
 * client has no organization yet, its requisites first, in the same dialog.
 * A card is offered first: one number is all it takes.
 */
export function PayerDialog({
  userId,
  organization: given,
  onAdded,
  onClose,
  overForm = true,
}: PayerDialogProps) {
  const [organization, setOrganization] = useState(given);
  const addOrganization = useAddOrganization(userId);
  const addMethod = useAddPaymentMethod(userId);

  return (
    <Modal
      title={organization ? "Способ оплаты" : "Организация-плательщик"}
      onClose={onClose}
      size={organization ? "md" : "lg"}
    >
      {organization ? (
        <>
          <p className="modal__lead">
            Чем будет платить «{organization.company}».
            {overForm && " Выбор в форме подписки сохранится."}
          </p>
          <PaymentMethodForm
            initialKind="business-card"
            busy={addMethod.isPending}
            error={addMethod.isError ? errorText(addMethod.error) : null}
            onSubmit={(body) =>
              addMethod.mutate(
                { organizationId: organization.id, body },
                {
                  onSuccess: (answer) => {
                    const before = methodIdsOf(organization);
                    const added = [...methodIdsOf(answer)].find((id) => !before.has(id));
                    toast.success(
                      body.kind === "settlement-account"
                        ? "Расчётный счёт добавлен и выбран для подписки"
                        : "Карта добавлена и выбрана для подписки",
                    );
                    // Not found only if the server answered oddly: the form then takes the first.
                    onAdded(answer, added ?? "");
                  },
                },
              )
            }
          />
        </>
      ) : (
        <>
          <p className="modal__lead">
            Реквизиты ИП или юридического лица, через которое будете платить. Затем — карта или
            расчётный счёт.
          </p>
          <OrganizationForm
            label="Новая организация"
            submitLabel="Далее"
            busy={addOrganization.isPending}
            error={addOrganization.isError ? errorText(addOrganization.error) : null}
            onSubmit={(input) =>
              addOrganization.mutate(input, {
                onSuccess: (answer) => {
                  toast.success("Организация добавлена");
                  setOrganization(answer);
                },
              })
            }
          />
        </>
      )}
    </Modal>
  );
}
