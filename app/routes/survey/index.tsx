import { Badge, Box, Card, Container, Flex, Grid, Heading, Link as RadixLink, Text } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { requireUser } from "~/server/auth/guards.server";
import { getAppFromContext } from "~/server/context.server";
import { listSurveys } from "~/server/surveys/surveys.server";
import type { Route } from "./+types/index";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  const { db } = getAppFromContext(context);
  return { surveys: await listSurveys(db) };
}

export default function SurveyList({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("staff");
  const { surveys } = loaderData;
  return (
    <Container size="3" px={{ initial: "3", sm: "5" }} py={{ initial: "5", sm: "7" }}>
      <Flex direction="column" gap="5">
        <Box>
          <Heading as="h1" size={{ initial: "7", sm: "8" }}>
            {t("Surveys")}
          </Heading>
          <Text as="p" size="3" color="gray" mt="2">
            {t("Every survey in the library. Open one to see exactly what your students will be asked.")}
          </Text>
        </Box>
        {surveys.length === 0 ? (
          <Card size="3">
            <Flex direction="column" gap="2">
              <Heading as="h2" size="4">
                {t("No surveys yet")}
              </Heading>
              <Text color="gray">
                {t("The survey library is empty. Surveys appear here once they are published in the survey content.")}
              </Text>
            </Flex>
          </Card>
        ) : (
          <Grid asChild columns={{ initial: "1", sm: "2" }} gap="3">
            <ul className="survey-list" aria-label={t("Surveys")} style={{ listStyle: "none", margin: 0, padding: 0 }}>
              {surveys.map((survey) => (
                <li key={survey.id}>
                  <Card asChild size="2" className="survey-list-card">
                    <Link to={`/survey/content/${survey.id}`} prefetch="intent">
                      <Flex direction="column" gap="1">
                        <Text as="span" size="4" weight="bold">
                          <RadixLink asChild underline="hover">
                            <span>{survey.title || survey.fullSlug}</span>
                          </RadixLink>
                        </Text>
                        <Text as="span" size="2" color="gray" className="survey-slug">
                          {survey.fullSlug}
                        </Text>
                        <Box mt="1">
                          <Badge color="gray" variant="soft">
                            {t("Preview")}
                          </Badge>
                        </Box>
                      </Flex>
                    </Link>
                  </Card>
                </li>
              ))}
            </ul>
          </Grid>
        )}
      </Flex>
    </Container>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Surveys · Orliverse Classroom" }];
