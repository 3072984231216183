import { useEffect, useId, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "react-toastify";
import { AudioFilePicker } from "../../../components/audio/audio-file-picker.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Icon, type IconName } from "../../../components/ui/icon.tsx";
import { pathTo } from "../../../config/paths.ts";
import { errorText } from "../../../lib/error-messages.ts";
import { useMakeFolder } from "../api/make-folder.ts";
import { useMakeVersion } from "../api/make-version.ts";
import type { CreateMenuState, CreateOption } from "../create-menu-rules.ts";
import { useUploadQueue } from "../hooks/upload-queue-context.tsx";
import {
  entryHref,
  LIBRARY_PARAMS,
  type LibraryContextEntry,
  type LibraryLocation,
} from "../library-location.ts";
import { NameDialog } from "./name-dialog.tsx";
import "../vault.css";

interface MenuItem {
  key: string;
  label: string;
  icon: IconName;
  option: CreateOption<unknown>;
  run: () => void;
}

interface CreateMenuProps {
  menu: CreateMenuState;
  location: LibraryLocation;
  entry: LibraryContextEntry | null;
  onNavigate?: () => void;
}

/**
 * The content manager's 'Создать' menu (SPEC.md §2 Content manager
 * library): Create folder, Create playlist, Add track within a version,
 * Create version within a playlist. An option that does not apply where
 * the user is stays in the list, marked unavailable, with the reason.
 */
export function CreateMenu({ menu, location, entry, onNavigate }: CreateMenuProps) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [folderParent, setFolderParent] = useState<string | null>(null);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const fileInputRef = useRef<HTMLInputElement>(null);
  const makeFolder = useMakeFolder();
  const makeVersion = useMakeVersion();
  const uploads = useUploadQueue();

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

  const createVersion = (playlistEntryId: string) => {
    makeVersion.mutate(
      { playlistEntryId },
      {
        onSuccess: (version) => {
          toast.success(`Создана ${version.name}`);
          if (location.kind === "playlist-editor") {
            navigate(
              pathTo(
                "Playlist",
                { id: location.playlistId },
                { [LIBRARY_PARAMS.version]: version.entryId },
              ),
            );
          } else {
            navigate(entryHref(version));
          }
          onNavigate?.();
        },
        onError: (error) => toast.error(errorText(error)),
      },
    );
  };

  const items: MenuItem[] = [
    {
      key: "folder",
      label: "Создать папку",
      icon: "folder",
      option: menu.folder,
      run: () => menu.folder.available && setFolderParent(menu.folder.target.parentId),
    },
    {
      key: "playlist",
      label: "Создать плейлист",
      icon: "playlists",
      option: menu.playlist,
      run: () => {
        const folderId = menu.playlist.available ? menu.playlist.target.folderId : null;
        navigate(
          pathTo("PlaylistCreate", {}, folderId ? { [LIBRARY_PARAMS.folder]: folderId } : {}),
        );
        onNavigate?.();
      },
    },
    {
      key: "track",
      label: "Добавить трек",
      icon: "music",
      option: menu.track,
      run: () => fileInputRef.current?.click(),
    },
    {
      key: "version",
      label: "Создать версию",
      icon: "version",
      option: menu.version,
      run: () => menu.version.available && createVersion(menu.version.target.playlistEntryId),
    },
  ];

  return (
    <div className="create-menu" ref={rootRef}>
      <Button
        icon="plus"
        className="create-menu__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        busy={makeVersion.isPending}
        onClick={() => setOpen((value) => !value)}
      >
        Создать
      </Button>
      {open && (
        <div className="dropdown-panel" id={menuId} role="menu" aria-label="Создать">
          {items.map((item) => (
            <button
              key={item.key}
              type="button"
              role="menuitem"
              className="create-menu__item"
              aria-disabled={item.option.available ? undefined : true}
              title={item.option.available ? undefined : item.option.hint}
              onClick={() => {
                if (!item.option.available) return;
                setOpen(false);
                item.run();
              }}
            >
              <Icon name={item.icon} />
              <span>
                {item.label}
                {!item.option.available && (
                  <small className="create-menu__hint">{item.option.hint}</small>
                )}
              </span>
            </button>
          ))}
        </div>
      )}
      <AudioFilePicker
        inputRef={fileInputRef}
        label="Файлы треков для версии"
        onFiles={(files) => {
          if (menu.track.available) {
            uploads.add(files, {
              entryId: menu.track.target.versionId,
              name: entry?.name ?? "Версия",
            });
          }
        }}
      />
      {folderParent && (
        <NameDialog
          title="Новая папка"
          label="Название папки"
          submitLabel="Создать"
          onSubmit={async (name) => {
            await makeFolder.mutateAsync({ parentId: folderParent, name });
            toast.success("Папка создана");
          }}
          onClose={() => setFolderParent(null)}
        />
      )}
    </div>
  );
}
