import { Args, Mutation, Query, Resolver } from '@nestjs/graphql';
import { JsonScalar } from '../../http/json.scalar';
import { VariantsService } from './variants.service';
import { ParsedVariantView, VariantView } from './variant.views';

@Resolver(() => VariantView)
export class VariantsResolver {
  constructor(private readonly registry: VariantsService) {}

  @Query(() => [VariantView], { description: 'Every built-in variant and how it works.' })
  variants(): VariantView[] {
    return this.registry.list();
  }

  @Query(() => VariantView, { description: 'One variant, built-in or registered; error VARIANT_NOT_FOUND for an unknown id.' })
  variant(@Args('id', { type: () => String }) id: string): Promise<VariantView> {
    return this.registry.get(id);
  }

  @Query(() => ParsedVariantView, { description: 'Validate an OpenTafl rules string or a definition (exactly one); nothing is stored.' })
  parseVariant(
    @Args('otn', { type: () => String, nullable: true }) otn?: string | null,
    @Args('definition', { type: () => JsonScalar, nullable: true }) definition?: unknown,
    @Args('name', { type: () => String, nullable: true }) name?: string | null,
  ): ParsedVariantView {
    return this.registry.parse({ otn, definition }, name);
  }

  @Mutation(() => VariantView, { description: 'Store a custom variant under its content-derived id (custom-<12 hex>).' })
  registerVariant(
    @Args('otn', { type: () => String, nullable: true }) otn?: string | null,
    @Args('definition', { type: () => JsonScalar, nullable: true }) definition?: unknown,
    @Args('name', { type: () => String, nullable: true }) name?: string | null,
  ): Promise<VariantView> {
    return this.registry.register({ otn, definition }, name);
  }
}
