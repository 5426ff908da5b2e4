"""English function words (articles, pronouns, prepositions, conjunctions, auxiliaries,
common adverbs and quantifiers): the classic style features that carry little topic."""

FUNCTION_WORDS = tuple(sorted(set("""
a about above after again against all almost along already also although always am among an
and another any anybody anyone anything are around as at be because been before behind being
below beneath beside besides between beyond both but by can cannot could did do does doing
done down during each either else enough even ever every everybody everyone everything few
for from further had has have having he her here hers herself him himself his how however i
if in inside instead into is it its itself just least less like many may me might mine more
most much must my myself near neither never no nobody none nor not nothing now of off often
on once one only onto or other others otherwise ought our ours ourselves out outside over own
per perhaps quite rather same several shall she should since so some somebody someone
something sometimes still such than that the their theirs them themselves then there these
they this those though through throughout thus till to together too toward towards under
unless until up upon us very was we well were what whatever when whenever where whereas
wherever whether which while who whoever whom whose why will with within without would yet
you your yours yourself yourselves
""".split())))

PUNCTUATION = tuple(".,;:!?'\"()-–—…/&*[]")
