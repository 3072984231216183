import type { AssignableRole, Profile } from "@fonika/shared";
import { useState } from "react";
import { toast } from "react-toastify";
import { Button } from "../../../components/ui/button.tsx";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog.tsx";
import { SelectField } from "../../../components/ui/select-field.tsx";
import { ROLE_LABELS } from "../../../config/roles.ts";
import { errorText } from "../../../lib/error-messages.ts";
import { fullNameOf } from "../../../lib/person-names.ts";
import { useBlockUser } from "../api/block-user.ts";
import { useChangeRole } from "../api/change-role.ts";
import { useUnblockUser } from "../api/unblock-user.ts";
import { UserStatusChip } from "./user-status-chip.tsx";
import "../users.css";
import { ACCOUNT_TEXTS } from "../account-texts.ts";

interface UserAccessProps {
  profile: Profile;
  /** After a change the server took: the screen fetches the profile and lists again. */
  onChanged: (userId: string) => void;
}

/** The new role chosen among those the server allows, or the current one. */
function RoleChange({ profile, onChanged }: UserAccessProps) {
  const roles = profile.abilities.assignableRoles;
  const current = roles.find((role) => role === profile.role);
  const [chosen, setChosen] = useState<AssignableRole | "">(current ?? "");
  const changeRole = useChangeRole();
  const unchanged = !chosen || chosen === profile.role;

  return (
    <div className="user-access__row">
      <SelectField
        label="Роль"
        value={chosen}
        placeholder={current ? undefined : ROLE_LABELS[profile.role]}
        options={roles.map((value) => ({ value, label: ROLE_LABELS[value] }))}
        onChange={setChosen}
      />
      <Button
        variant="secondary"
        busy={changeRole.isPending}
        disabled={unchanged}
        onClick={() => {
          if (!chosen) return;
          changeRole.mutate(
            { userId: profile.userId, newRole: chosen },
            {
              onSuccess: () => {
                toast.success(ACCOUNT_TEXTS.changeRoleComplete);
                onChanged(profile.userId);
              },
              onError: () => toast.error(ACCOUNT_TEXTS.changeRoleFailed),
            },
          );
        }}
      >
        Сменить роль
      </Button>
    </div>
  );
}

/** Activation of a waiting account: it becomes a client. */
function ActivateButton({ profile, onChanged }: UserAccessProps) {
  const changeRole = useChangeRole();
  return (
    <Button
      busy={changeRole.isPending}
      onClick={() =>
        changeRole.mutate(
          { userId: profile.userId, newRole: "role-client" },
          {
            onSuccess: () => {
              toast.success(ACCOUNT_TEXTS.activated);
              onChanged(profile.userId);
            },
            onError: () => toast.error(ACCOUNT_TEXTS.activationFailed),
          },
        )
      }
    >
      Активировать
    </Button>
  );
}

/** Block or unblock, each asked before it is done. */
function BlockButton({ profile, onChanged }: UserAccessProps) {
  const [confirming, setConfirming] = useState(false);
  const block = useBlockUser();
  const unblock = useUnblockUser();
  const blocking = profile.abilities.block;
  const action = blocking ? block : unblock;
  if (!profile.abilities.block && !profile.abilities.unblock) return null;

  const close = () => {
    setConfirming(false);
    action.reset();
  };
  const name = fullNameOf(profile);
  return (
    <>
      <Button variant={blocking ? "danger" : "secondary"} onClick={() => setConfirming(true)}>
        {blocking ? "Заблокировать" : "Разблокировать"}
      </Button>
      {confirming && (
        <ConfirmDialog
          title={blocking ? "Заблокировать пользователя?" : "Разблокировать пользователя?"}
          confirmLabel={blocking ? "Заблокировать" : "Разблокировать"}
          tone={blocking ? "danger" : "primary"}
          busy={action.isPending}
          error={action.isError ? errorText(action.error) : null}
          onClose={close}
          onConfirm={() =>
            action.mutate(profile.userId, {
              onSuccess: () => {
                toast.success(
                  blocking ? "Пользователь заблокирован" : "Пользователь разблокирован",
                );
                setConfirming(false);
                onChanged(profile.userId);
              },
            })
          }
        >
          {blocking
            ? `«${name}» не сможет войти, а все его открытые сеансы завершатся сразу.`
            : `«${name}» снова сможет войти по коду.`}
        </ConfirmDialog>
      )}
    </>
  );
}

/**
 * Role and access of an account: change of role, activation, block and
 * unblock, each shown only where the profile's `abilities` allow it. An
 * account waiting for activation is offered 'Активировать', not a role
 * select beside it: the select folds away under 'Другая роль'.
 */
export function UserAccess({ profile, onChanged }: UserAccessProps) {
  const { abilities } = profile;
  const nothingAllowed =
    !abilities.changeRole && !abilities.activate && !abilities.block && !abilities.unblock;
  return (
    <div className="user-access">
      <div className="user-access__status">
        <UserStatusChip profile={profile} />
        <span>
          Роль: <strong>{ROLE_LABELS[profile.role]}</strong>
        </span>
      </div>
      {abilities.changeRole &&
        (abilities.activate ? (
          // A waiting account's one move is 'Активировать' below; another
          // role (back to filling in the profile, say) is a deliberate detour.
          <details className="user-access__other">
            <summary>Другая роль</summary>
            <RoleChange key={profile.role} profile={profile} onChanged={onChanged} />
          </details>
        ) : (
          // A new key after each change starts the choice from the new role.
          <RoleChange key={profile.role} profile={profile} onChanged={onChanged} />
        ))}
      {(abilities.activate || abilities.block || abilities.unblock) && (
        <div className="form__actions">
          {abilities.activate && <ActivateButton profile={profile} onChanged={onChanged} />}
          <BlockButton profile={profile} onChanged={onChanged} />
        </div>
      )}
      {nothingAllowed && (
        <p className="muted">Менять роль и доступ этого пользователя вы не можете.</p>
      )}
    </div>
  );
}
