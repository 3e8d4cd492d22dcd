import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';

/**
 * Every answer is checked against its contract and written as what the check gives back (unknown
 * keys left out), as fastify-type-provider-zod's serializer does, but by parsing instead of encoding
 * (decision 060). No answer of ours is a codec, so both give the same; encoding walks the schema in
 * its codec-aware mode and cost a quote's 15 options 45 µs against 12.
 */
export const responseSerializer: FastifySerializerCompiler<ZodType | { properties: ZodType }> = ({
  schema,
  method,
  url,
}) => {
  const contract = 'properties' in schema ? schema.properties : schema;
  return (data) => {
    const result = contract.safeParse(data);
    if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };
};
