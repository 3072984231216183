import { useEffect, useId, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { Button } from "../../../components/ui/button.tsx";
import { Icon, type IconName } from "../../../components/ui/icon.tsx";
import { pathTo } from "../../../config/paths.ts";

interface CreateOption {
  label: string;
  icon: IconName;
  /** Why the option cannot be used where the user is now; absent when it can. */
  unavailableHint?: string;
  run?: () => void;
}

/**
 * The content manager's 'Создать' menu (SPEC.md §2 Content manager library).
 * Folders, versions and tracks are made inside an opened entry, so at the
 * partition level only a new playlist is available.
 */
export function CreateMenu() {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (
        event instanceof KeyboardEvent
          ? event.key === "Escape"
          : !rootRef.current?.contains(event.target as Node)
      ) {
        setOpen(false);
      }
    };
    document.addEventListener("mousedown", close);
    document.addEventListener("keydown", close);
    return () => {
      document.removeEventListener("mousedown", close);
      document.removeEventListener("keydown", close);
    };
  }, [open]);

  const options: CreateOption[] = [
    {
      label: "Создать папку",
      icon: "folder",
      unavailableHint: "Откройте папку в разделе «Плейлисты» или «Треки»",
    },
    {
      label: "Создать плейлист",
      icon: "playlists",
      run: () => navigate(pathTo("PlaylistCreate")),
    },
    { label: "Добавить трек", icon: "music", unavailableHint: "Доступно внутри версии плейлиста" },
    { label: "Создать версию", icon: "plus", unavailableHint: "Доступно внутри плейлиста" },
  ];

  return (
    <div className="create-menu" ref={rootRef}>
      <Button
        icon="plus"
        className="create-menu__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
      >
        Создать
      </Button>
      {open && (
        <div className="create-menu__list" id={menuId} role="menu" aria-label="Создать">
          {options.map((option) => (
            <button
              key={option.label}
              type="button"
              role="menuitem"
              className="create-menu__item"
              aria-disabled={option.unavailableHint ? true : undefined}
              title={option.unavailableHint}
              onClick={() => {
                if (option.unavailableHint || !option.run) return;
                setOpen(false);
                option.run();
              }}
            >
              <Icon name={option.icon} />
              <span>
                {option.label}
                {option.unavailableHint && (
                  <small className="create-menu__hint">{option.unavailableHint}</small>
                )}
              </span>
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
