import type { CatalogKind } from "@fonika/shared";
import { formatCount } from "../../lib/format.ts";

/** 'у 1 трека', 'у 3 треков', 'у 5 треков' (the genitive after 'у'). */
const SONG_FORMS = ["трека", "треков", "треков"] as const;
const DOCUMENT_FORMS = ["документ", "документа", "документов"] as const;

/** The words each kind of catalog entry is shown with on the content manager's catalog screen. */
export interface CatalogKindTexts {
  /** The tab and the table's caption: 'Авторы'. */
  many: string;
  /** The page's button: 'Добавить автора'. */
  add: string;
  addTitle: string;
  renameTitle: string;
  removeTitle: string;
  /** The name field's label. */
  nameLabel: string;
  /** What an empty name field asks for. */
  nameRequired: string;
  searchLabel: string;
  searchPlaceholder: string;
  emptyTitle: string;
  emptyText: string;
  added: (name: string) => string;
  renamed: (name: string) => string;
  removed: (name: string) => string;
  /** 'Автор «Имя»', the entry as the removal's question names it. */
  named: (name: string) => string;
  /** What tracks that point at a removed entry are left with. */
  leftWithout: string;
}

export const CATALOG_KIND_TEXTS: Record<CatalogKind, CatalogKindTexts> = {
  author: {
    many: "Авторы",
    add: "Добавить автора",
    addTitle: "Новый автор",
    renameTitle: "Переименовать автора",
    removeTitle: "Удалить автора?",
    nameLabel: "Имя автора",
    nameRequired: "Введите имя автора",
    searchLabel: "Поиск авторов",
    searchPlaceholder: "Часть имени",
    emptyTitle: "Авторов пока нет",
    emptyText: "Добавьте автора, и его можно будет указать в сведениях о треке.",
    added: (name) => `Автор «${name}» добавлен`,
    renamed: (name) => `Автор переименован: «${name}»`,
    removed: (name) => `Автор «${name}» удалён`,
    named: (name) => `Автор «${name}»`,
    leftWithout: "этого автора",
  },
  "copyright-holder": {
    many: "Правообладатели",
    add: "Добавить правообладателя",
    addTitle: "Новый правообладатель",
    renameTitle: "Переименовать правообладателя",
    removeTitle: "Удалить правообладателя?",
    nameLabel: "Название правообладателя",
    nameRequired: "Введите название правообладателя",
    searchLabel: "Поиск правообладателей",
    searchPlaceholder: "Часть названия",
    emptyTitle: "Правообладателей пока нет",
    emptyText: "Добавьте правообладателя, и его можно будет указать в сведениях о треке.",
    added: (name) => `Правообладатель «${name}» добавлен`,
    renamed: (name) => `Правообладатель переименован: «${name}»`,
    removed: (name) => `Правообладатель «${name}» удалён`,
    named: (name) => `Правообладатель «${name}»`,
    leftWithout: "правообладателя",
  },
  genre: {
    many: "Жанры",
    add: "Добавить жанр",
    addTitle: "Новый жанр",
    renameTitle: "Переименовать жанр",
    removeTitle: "Удалить жанр?",
    nameLabel: "Название жанра",
    nameRequired: "Введите название жанра",
    searchLabel: "Поиск жанров",
    searchPlaceholder: "Часть названия",
    emptyTitle: "Жанров пока нет",
    emptyText: "Добавьте жанр, и его можно будет выбрать в сведениях о треке.",
    added: (name) => `Жанр «${name}» добавлен`,
    renamed: (name) => `Жанр переименован: «${name}»`,
    removed: (name) => `Жанр «${name}» удалён`,
    named: (name) => `Жанр «${name}»`,
    leftWithout: "жанра",
  },
};

export const CATALOG_TEXTS = {
  description: "Авторы, правообладатели и жанры, которые указываются в сведениях о треках.",
  kindsLabel: "Разделы каталога",
  nameColumn: "Название",
  songCountColumn: "Треков",
  actionsColumn: "Действия",
  rename: "Переименовать",
  remove: "Удалить",
  renameEntry: (name: string) => `Переименовать «${name}»`,
  removeEntry: (name: string) => `Удалить «${name}»`,
  save: "Сохранить",
  addConfirm: "Добавить",
  cancel: "Отмена",
  total: (count: number) => `Всего: ${count}`,
  nothingFoundText: "Измените поиск или добавьте запись с этим названием.",
  addFound: (text: string) => `Добавить «${text}»`,
  loadFailed: "Не удалось загрузить список",
  /** The removal's question: how many tracks point at the entry and what they are left with. */
  usage: (texts: CatalogKindTexts, name: string, songCount: number) =>
    songCount === 0
      ? `${texts.named(name)} не указан ни у одного трека.`
      : `${texts.named(name)} указан у ${formatCount(songCount, SONG_FORMS)}. ` +
        `После удаления ${songCount === 1 ? "трек останется" : "треки останутся"} без ${texts.leftWithout}.`,
  /** An author's documents go with it; how many, once known. */
  authorDocuments: (count: number | undefined) =>
    count === undefined
      ? "Прикреплённые к автору документы тоже будут удалены."
      : count === 0
        ? "Документов у автора нет."
        : `Вместе с автором будут удалены прикреплённые к нему документы: ${formatCount(count, DOCUMENT_FORMS)}.`,
  /** A holder's licences go with it (issue 32). */
  holderLicences: "Лицензии правообладателя и их документы тоже будут удалены.",
  irreversible: "Это действие нельзя отменить.",
} as const;
