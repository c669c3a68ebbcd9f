import java.io.*;
import java.util.regex.*;

/**
 * What JDK's java.util.regex does with each pattern, for test/model/java/java-pattern-jdk.test.ts. Reads the subjects
 * (first line, tab-separated) and then one pattern per line; writes the subjects line back, then per pattern
 * "pattern TAB answer": E for a PatternSyntaxException, else one 0/1 per subject for
 * Pattern.compile(pattern).matcher(subject).matches(). Regenerate the fixture (JDK 11+ runs a source file directly):
 *   node test/model/java/jdk/pattern-cases.mjs | java test/model/java/jdk/PatternAnswers.java \
 *     > test/model/java/jdk/pattern-answers.tsv
 */
public class PatternAnswers {
  public static void main(String[] args) throws IOException {
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, "UTF-8"));
    PrintWriter out = new PrintWriter(new BufferedWriter(new OutputStreamWriter(System.out, "UTF-8")));
    String header = in.readLine();
    String[] subjects = header.split("\t", -1);
    out.print(header + "\n");
    String pattern;
    while ((pattern = in.readLine()) != null) {
      StringBuilder answer = new StringBuilder();
      try {
        Pattern compiled = Pattern.compile(pattern);
        for (String subject : subjects) answer.append(compiled.matcher(subject).matches() ? '1' : '0');
      } catch (PatternSyntaxException e) {
        answer.setLength(0);
        answer.append('E');
      }
      out.print(pattern + "\t" + answer + "\n");
    }
    out.flush();
  }
}
