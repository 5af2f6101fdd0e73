import { BulletList, ChoiceDialog } from '@pentland/ui';

export interface ArticleConflictDialogProps {
  /** Open while a save of this editor was refused because the article changed elsewhere. */
  open: boolean;
  /** Saves the author's text over the version saved elsewhere. */
  onKeepMine: () => Promise<void> | void;
  /** Loads the version saved elsewhere into the editor, discarding the author's changes. */
  onTakeTheirs: () => Promise<void> | void;
}

/** The editor's answer to a refused save: the article changed elsewhere; the author keeps theirs or takes the other. */
export function ArticleConflictDialog({ open, onKeepMine, onTakeTheirs }: ArticleConflictDialogProps) {
  return (
    <ChoiceDialog
      open={open}
      title="This article was changed elsewhere"
      description="It was saved in another tab, on another device or by an administrator after you opened it, so your latest changes were not saved. They are kept in this browser until you choose."
      choices={[
        { label: 'Load the other version', onChoose: onTakeTheirs },
        { label: 'Keep my version', variant: 'primary', onChoose: onKeepMine },
      ]}
    >
      <BulletList
        items={[
          <>
            <strong>Keep my version</strong> saves your text over the other one.
          </>,
          <>
            <strong>Load the other version</strong> shows what was saved elsewhere and discards your changes.
          </>,
        ]}
      />
    </ChoiceDialog>
  );
}
