/**
 * Custom variants kept in the stored-games database (PostgreSQL or PGlite): the catalog asks here on a
 * cache miss, so a variant registered by one process is usable by every other on the same database.
 * It hands itself to the catalog when it is made; until the database answers, registering a variant or
 * a cache miss is a 503.
 */
import { Injectable } from '@nestjs/common';
import type { RulesetDefinition } from '../../engine';
import type { CustomVariantStore, StoredCustomVariant } from '../../variants';
import { VariantCatalog } from '../../variants/variant-catalog';
import { DatabaseService } from './database.service';

interface Row {
  id: string;
  name: string;
  rules: RulesetDefinition | string;
  otn: string | null;
}

@Injectable()
export class CustomVariantsRepository implements CustomVariantStore {
  constructor(
    private readonly db: DatabaseService,
    catalog: VariantCatalog,
  ) {
    catalog.useStore(this);
  }

  async load(id: string): Promise<StoredCustomVariant | null> {
    const rows = (await this.db.read((m) => m.query('SELECT id, name, rules, otn FROM custom_variants WHERE id = $1', [id]))) as Row[];
    const row = rows[0];
    if (!row) return null;
    // jsonb arrives parsed from node-postgres, as text from some drivers.
    return {
      id: row.id,
      name: row.name,
      otn: row.otn,
      rules: typeof row.rules === 'string' ? (JSON.parse(row.rules) as RulesetDefinition) : row.rules,
    };
  }

  async save(v: StoredCustomVariant): Promise<StoredCustomVariant> {
    // The first registration keeps its name: the same rules are the same variant.
    await this.db.transaction((m) =>
      m.query('INSERT INTO custom_variants (id, name, rules, otn) VALUES ($1, $2, $3::jsonb, $4) ON CONFLICT (id) DO NOTHING', [
        v.id,
        v.name,
        JSON.stringify(v.rules),
        v.otn,
      ]),
    );
    return (await this.load(v.id)) ?? v;
  }
}
