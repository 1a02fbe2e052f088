import { Args, Query, Resolver } from '@nestjs/graphql';
import { VariantsService } from './variants.service';
import { VariantView } from './variant.views';

@Resolver(() => VariantView)
export class VariantsResolver {
  constructor(private readonly registry: VariantsService) {}

  @Query(() => [VariantView], { description: 'Every built-in variant and how it works.' })
  variants(): VariantView[] {
    return this.registry.list();
  }

  @Query(() => VariantView, { description: 'One variant; error VARIANT_NOT_FOUND for an unknown id.' })
  variant(@Args('id', { type: () => String }) id: string): VariantView {
    return this.registry.get(id);
  }
}
