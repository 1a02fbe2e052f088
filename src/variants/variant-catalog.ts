/**
 * The one lookup of variants by id that the web rooms share: the built-ins, and custom variants by
 * their content-derived id (api.md section 9). A plain class, so the rooms that use the framework can
 * inject one instance while this room stays free of it; each caller decides what a miss means.
 *
 * Custom variants are compiled once per definition (an LRU cache by id) and stored through a
 * CustomVariantStore the stored-games room provides, so a variant registered by one process is found
 * by every other on the same database: a cache miss asks the store.
 */
import { CompiledVariant, compileVariant } from '../engine/compiled-variant.js';
import type { RulesetDefinition } from '../engine/definition.js';
import { CUSTOM_ID_PATTERN, contentId, sameRules } from './content-id.js';
import { customMeta } from './custom-variant.js';
import { builtInVariants } from './built-in-variants.js';
import type { Source, VariantMeta } from './variant-definition.js';

/** A variant the catalog can serve: what the engine runs and what the registry says of it. */
export interface CatalogEntry {
  meta: VariantMeta;
  rules: RulesetDefinition;
  compiled: CompiledVariant;
  builtIn: boolean;
}

/** A custom variant as it is stored. */
export interface StoredCustomVariant {
  id: string;
  name: string;
  rules: RulesetDefinition;
  /** The OpenTafl rules string it was registered from, if it was. */
  otn: string | null;
}

/** Where custom variants are kept (PostgreSQL or PGlite, by the stored-games room). */
export interface CustomVariantStore {
  load(id: string): Promise<StoredCustomVariant | null>;
  /** Stores the variant unless its id is stored already; answers what is stored under the id. */
  save(variant: StoredCustomVariant): Promise<StoredCustomVariant>;
}

const CACHE_LIMIT = 256;

/** A map that forgets its least recently used entry past a limit. */
class Lru<V> {
  private readonly map = new Map<string, V>();
  constructor(private readonly limit: number) {}
  get(key: string): V | undefined {
    const v = this.map.get(key);
    if (v !== undefined) {
      this.map.delete(key);
      this.map.set(key, v);
    }
    return v;
  }
  set(key: string, value: V): V {
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > this.limit) this.map.delete(this.map.keys().next().value as string);
    return value;
  }
}

export class VariantCatalog {
  private readonly builtIns = new Map<string, CatalogEntry>(
    builtInVariants().map((b) => [b.meta.id, { meta: b.meta, rules: b.compiled.rules, compiled: b.compiled, builtIn: true }]),
  );
  /** Compiled custom rules by content id: the compile cost is paid once per definition. */
  private readonly compiled = new Lru<CompiledVariant>(CACHE_LIMIT);
  /** Stored custom variants this process has seen, by id. */
  private readonly stored = new Lru<CatalogEntry>(CACHE_LIMIT);
  private store: CustomVariantStore | null = null;

  /** Installed by the stored-games room once it has a database. */
  useStore(store: CustomVariantStore | null): void {
    this.store = store;
  }

  /** Ids arrive from request bodies and paths unchecked: anything that is not a known id is a miss. */
  get(id: unknown): CompiledVariant | undefined {
    return this.entry(id)?.compiled;
  }

  /** A built-in, or a stored custom variant this process has seen lately. */
  entry(id: unknown): CatalogEntry | undefined {
    if (typeof id !== 'string') return undefined;
    return this.builtIns.get(id) ?? this.stored.get(id);
  }

  /** Like entry(), asking the store on a miss; the store's errors (an unreachable database) propagate. */
  async resolve(id: unknown): Promise<CatalogEntry | undefined> {
    const hit = this.entry(id);
    if (hit || typeof id !== 'string' || !this.store || !CUSTOM_ID_PATTERN.test(id)) return hit;
    const found = await this.store.load(id);
    return found ? this.remember(found) : undefined;
  }

  ids(): string[] {
    return [...this.builtIns.keys()];
  }

  builtInEntries(): CatalogEntry[] {
    return [...this.builtIns.values()];
  }

  /** The built-in whose rules these are, if any. */
  builtInWithRules(rules: RulesetDefinition): CatalogEntry | undefined {
    return this.builtInEntries().find((b) => sameRules(b.rules, rules));
  }

  /**
   * A custom variant for validated rules, not stored (the stateless operations): its id is the
   * content-derived one, its compiled tables are cached by that id.
   */
  custom(rules: RulesetDefinition, name?: string | null, source?: Source | null): CatalogEntry {
    const meta = customMeta(rules, name, source);
    return { meta, rules, compiled: this.compile(meta.id, rules), builtIn: false };
  }

  /** Stores a custom variant (api.md section 9: POST /v1/variants); the first name given keeps it. */
  async register(rules: RulesetDefinition, name: string | null, otn: string | null): Promise<CatalogEntry> {
    if (!this.store) throw new Error('no custom variant store is installed');
    const id = contentId(rules);
    const saved = await this.store.save({ id, name: name ?? customMeta(rules).name, rules, otn });
    return this.remember(saved);
  }

  private compile(id: string, rules: RulesetDefinition): CompiledVariant {
    return this.compiled.get(id) ?? this.compiled.set(id, compileVariant(id, rules));
  }

  private remember(saved: StoredCustomVariant): CatalogEntry {
    const source: Source | null = saved.otn ? { name: 'OpenTafl rules string', note: saved.otn } : null;
    // The stored id names the variant even if a later release derived ids differently.
    const meta = { ...customMeta(saved.rules, saved.name, source), id: saved.id };
    return this.stored.set(saved.id, { meta, rules: saved.rules, compiled: this.compile(saved.id, saved.rules), builtIn: false });
  }
}
