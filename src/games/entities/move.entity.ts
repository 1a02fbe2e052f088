import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { ClockState } from '../clocks/clock';

/** One played move. The primary key (game, ply) is what makes a second write of the same ply fail. */
@Entity({ name: 'moves' })
export class MoveEntity {
  @PrimaryColumn({ name: 'game_id', type: 'uuid' })
  gameId!: string;

  @PrimaryColumn({ type: 'int' })
  ply!: number;

  /** The move as the engine reads it: `f4-f7` or `pass`. */
  @Column({ type: 'text' })
  move!: string;

  /** Rich notation with captures, e.g. `f4-f7xf8/e7`. */
  @Column({ type: 'text' })
  notation!: string;

  @Column({ type: 'text' })
  side!: 'attackers' | 'defenders';

  /** The game's clock as it stood before this move (what a takeback restores); null without clocks. */
  @Column({ name: 'clock_before', type: 'jsonb', nullable: true })
  clockBefore!: ClockState | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
