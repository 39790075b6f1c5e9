import { rankText, type VenueRank } from '../../common/venue-ranks.ts';
import { useT } from '../i18n/index.tsx';

// A publication's venue ranks as small badges ("CCF A", "CORE A*"). The text says it
// all (colour only repeats the system); the title names the venue the rank is of.
export function RankBadges({ ranks }: { ranks: readonly VenueRank[] | undefined }) {
  const { t } = useT();
  if (!ranks || ranks.length === 0) return null;
  return (
    <span className="rank-badges">
      {ranks.map((r) => (
        <span
          key={r.system}
          className={`rank-badge rank-${r.system}`}
          title={t('publication.rankTitle', { system: r.system.toUpperCase(), rank: r.rank, venue: r.venue })}
        >
          {rankText(r)}
        </span>
      ))}
    </span>
  );
}
