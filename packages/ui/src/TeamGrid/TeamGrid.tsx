import { Card } from '../Card/Card.tsx';
import { Grid } from '../Grid/Grid.tsx';
import { Text } from '../Text/Text.tsx';
import * as css from './TeamGrid.css.ts';

export interface TeamCredential {
  name: string;
  /** Who awards it. */
  issuer: string;
  /** What it means for a client, in plain words. */
  meaning: string;
}

export interface TeamMemberCardProps {
  name: string;
  role: string;
  /** Shown in the round avatar (hidden from screen readers: the name is read instead). */
  initials: string;
  bio: string;
  credentials: readonly TeamCredential[];
  /** The heading level of the name (`h3`). */
  nameAs?: 'h2' | 'h3' | 'h4';
}

/** One person: an initials avatar, name, role, a short bio and each qualification with what it means. */
export function TeamMemberCard({
  name,
  role,
  initials,
  bio,
  credentials,
  nameAs: Name = 'h3',
}: TeamMemberCardProps) {
  return (
    <Card as="article">
      <div className={css.header}>
        <span className={css.avatar} aria-hidden="true">
          {initials}
        </span>
        <div>
          <Name className={css.name}>{name}</Name>
          <Text size="sm" tone="muted">
            {role}
          </Text>
        </div>
      </div>
      <Text>{bio}</Text>
      <ul className={css.credentials} aria-label={`${name}’s qualifications`}>
        {credentials.map((c) => (
          <li key={c.name}>
            <Text size="sm">
              <span className={css.credentialName}>{c.name}</span> ({c.issuer}): {c.meaning}
            </Text>
          </li>
        ))}
      </ul>
    </Card>
  );
}

export interface TeamGridProps {
  members: readonly (Omit<TeamMemberCardProps, 'nameAs'> & { id: string })[];
  nameAs?: TeamMemberCardProps['nameAs'];
}

/** The team as a grid of cards: one column on phones, two on tablets, three on desktops. */
export function TeamGrid({ members, nameAs }: TeamGridProps) {
  return (
    <Grid>
      {members.map(({ id, ...member }) => (
        <TeamMemberCard key={id} {...member} nameAs={nameAs} />
      ))}
    </Grid>
  );
}
