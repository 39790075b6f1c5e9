import { useState } from 'react';
import { useT } from '../i18n/index.tsx';

/** Copies `text` to the clipboard and says so for two seconds. The text itself is on the page, for readers without JavaScript. */
export function CopyButton({ text }: { text: string }) {
  const { t } = useT();
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className="copy-button"
      onClick={() => {
        void navigator.clipboard?.writeText(text).then(() => {
          setCopied(true);
          setTimeout(() => setCopied(false), 2000);
        });
      }}
    >
      {copied ? t('publication.copied') : t('publication.copy')}
    </button>
  );
}
