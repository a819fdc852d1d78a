<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ja" sourcelanguage="en">
<context>
    <name>AuditClass</name>
    <message>
        <source>reachable</source>
        <translation>到達可能</translation>
    </message>
    <message>
        <source>unreachable</source>
        <translation>到達不能</translation>
    </message>
    <message>
        <source>undecodable</source>
        <translation>デコード不能</translation>
    </message>
    <message>
        <source>special</source>
        <translation>特殊</translation>
    </message>
    <message>
        <source>byte_fallback</source>
        <translation>バイトフォールバック</translation>
    </message>
</context>
<context>
    <name>AuditModel</name>
    <message>
        <source>id</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>class</source>
        <translation>分類</translation>
    </message>
    <message>
        <source>token</source>
        <translation>トークン</translation>
    </message>
    <message>
        <source>its text</source>
        <translation>そのテキスト</translation>
    </message>
    <message>
        <source>its text encodes to</source>
        <translation>そのテキストのエンコード結果</translation>
    </message>
    <message>
        <source>itself, only as a whole piece</source>
        <translation>自身（ピース全体のときのみ）</translation>
    </message>
</context>
<context>
    <name>AuditPage</name>
    <message>
        <source>all classes</source>
        <translation>すべての分類</translation>
    </message>
    <message>
        <source>made by no merge</source>
        <translation>どのマージでも作られない</translation>
    </message>
    <message>
        <source>orphan (no merge makes it)</source>
        <translation>孤立（作るマージがない）</translation>
    </message>
    <message>
        <source>Auditing: {done:,} of {total:,} tokens…</source>
        <translation>監査中: {total:,} トークン中 {done:,}…</translation>
    </message>
    <message>
        <source>the audit ended without a result</source>
        <translation>監査が結果を出さずに終了しました</translation>
    </message>
    <message>
        <source>Audit the vocabulary</source>
        <translation>語彙を監査</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>キャンセル</translation>
    </message>
    <message>
        <source>Classify every token: does its own text encode to exactly it?</source>
        <translation>すべてのトークンを分類します: そのトークン自身のテキストをエンコードすると、ちょうどそのトークンになるか？</translation>
    </message>
    <message>
        <source>filter by text</source>
        <translation>テキストで絞り込み</translation>
    </message>
    <message>
        <source>Choose a token for its derivation and, if it is unreachable, the merge that gets there first.</source>
        <translation>トークンを選ぶと、その導出と、到達不能なら先に適用されてしまうマージを表示します。</translation>
    </message>
    <message>
        <source>Show</source>
        <translation>表示</translation>
    </message>
    <message>
        <source>, </source>
        <translation>、</translation>
    </message>
    <message>
        <source>; reachable only as a whole piece: {n:,}</source>
        <translation>; ピース全体のときのみ到達可能: {n:,}</translation>
    </message>
    <message>
        <source>{n:,} merges</source>
        <translation>マージ {n:,} 個</translation>
    </message>
    <message>
        <source>{n:,} merged tokens</source>
        <translation>マージで作られるトークン {n:,} 個</translation>
    </message>
    <message>
        <source>{checked}: {never:,} never apply ({never_made:,} make a token no merge makes, {another:,} a token another merge makes); {orphans:,} orphan tokens</source>
        <translation>{checked}: 一度も適用されないもの {never:,} 個（どのマージでも作られないトークンを作るもの {never_made:,} 個、別のマージが作るトークンを作るもの {another:,} 個）; 孤立トークン {orphans:,} 個</translation>
    </message>
    <message>
        <source>{n:,} ids: {counts}</source>
        <translation>ID {n:,} 個: {counts}</translation>
    </message>
    <message>
        <source>id {id}: {label} — {cls}</source>
        <translation>ID {id}: {label} — {cls}</translation>
    </message>
    <message>
        <source>its own text: {text}</source>
        <translation>自身のテキスト: {text}</translation>
    </message>
    <message>
        <source>encodes to: {pieces}</source>
        <translation>エンコード結果: {pieces}</translation>
    </message>
    <message>
        <source>merge {rank} ({left} + {right} → {new}) gets there first</source>
        <translation>マージ {rank}（{left} + {right} → {new}）が先に適用される</translation>
    </message>
    <message>
        <source>the pipeline cuts its text into several pieces before any merge</source>
        <translation>マージの前にパイプラインがそのテキストを複数のピースに分割する</translation>
    </message>
    <message>
        <source>reachable only when its text is a whole piece: the merges alone build something else, so inside a longer piece it never appears</source>
        <translation>そのテキストがピース全体のときのみ到達可能: マージだけでは別のものが作られるため、より長いピースの中には決して現れない</translation>
    </message>
    <message>
        <source>orphan: no merge makes it</source>
        <translation>孤立: これを作るマージがない</translation>
    </message>
    <message>
        <source>another merge makes the token</source>
        <translation>別のマージがそのトークンを作る</translation>
    </message>
    <message>
        <source>the merges make {pieces}</source>
        <translation>マージは {pieces} を作る</translation>
    </message>
    <message>
        <source>merge {rank} ({left} + {right}) never applies: {why}</source>
        <translation>マージ {rank}（{left} + {right}）は一度も適用されない: {why}</translation>
    </message>
    <message>
        <source>kind {kind}, rank {rank}</source>
        <translation>種類 {kind}、ランク {rank}</translation>
    </message>
    <message>
        <source>derivation:</source>
        <translation>導出:</translation>
    </message>
</context>
<context>
    <name>Banner</name>
    <message>
        <source>Dismiss</source>
        <translation>閉じる</translation>
    </message>
</context>
<context>
    <name>BarsPlot</name>
    <message>
        <source>Bars</source>
        <translation>棒グラフ</translation>
    </message>
    <message>
        <source>languages by value</source>
        <translation>言語を値の順に</translation>
    </message>
    <message>
        <source>languages in corpus order</source>
        <translation>言語をコーパスの順に</translation>
    </message>
    <message>
        <source>log scale</source>
        <translation>対数目盛</translation>
    </message>
    <message>
        <source>A logarithmic value axis: ratios of 2 and ½ as far from 1</source>
        <translation>対数の値軸: 比 2 と比 ½ が 1 から同じ距離になります</translation>
    </message>
    <message>
        <source>Metric</source>
        <translation>指標</translation>
    </message>
    <message>
        <source>{metric} (log scale)</source>
        <translation>{metric}（対数目盛）</translation>
    </message>
    <message>
        <source>language</source>
        <translation>言語</translation>
    </message>
    <message>
        <source>{metric} (reference {reference}) — {corpus}</source>
        <translation>{metric}（基準 {reference}）— {corpus}</translation>
    </message>
    <message>
        <source>{metric} — {corpus}</source>
        <translation>{metric} — {corpus}</translation>
    </message>
    <message>
        <source>{language} — {tokenizer}: {metric} {value} · {tokens:,} tokens · ratio {ratio}</source>
        <translation>{language} — {tokenizer}: {metric} {value} · {tokens:,} トークン · 比 {ratio}</translation>
    </message>
</context>
<context>
    <name>BusyIndicator</name>
    <message>
        <source>Cancel</source>
        <translation>キャンセル</translation>
    </message>
</context>
<context>
    <name>CompareView</name>
    <message>
        <source>Ratios are taken to this language&apos;s tokens</source>
        <translation>この言語のトークン数に対する比を求めます</translation>
    </message>
    <message>
        <source>special tokens as text</source>
        <translation>特殊トークンをテキストとして扱う</translation>
    </message>
    <message>
        <source>special tokens as control tokens</source>
        <translation>特殊トークンを制御トークンとして扱う</translation>
    </message>
    <message>
        <source>Whether special-token strings (&lt;|endoftext|&gt;) in the sentences stay text (default) or become control tokens</source>
        <translation>文中の特殊トークン文字列（&lt;|endoftext|&gt;）をテキストのままにするか（既定）、制御トークンにするか</translation>
    </message>
    <message>
        <source>count BOS/EOS</source>
        <translation>BOS/EOS を数える</translation>
    </message>
    <message>
        <source>Count the tokens a tokenizer&apos;s post-processor adds around each sentence (BOS, EOS, [CLS] …); by default only the text&apos;s own</source>
        <translation>トークナイザーの後処理が各文の前後に加えるトークン（BOS、EOS、[CLS] など）も数えます。既定ではテキスト自身のトークンだけを数えます</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>キャンセル</translation>
    </message>
    <message>
        <source>Tick up to {n} tokenizers to compare</source>
        <translation>比較するトークナイザーを {n} 個までチェックしてください</translation>
    </message>
    <message>
        <source>Add tokenizer file…</source>
        <translation>トークナイザーファイルを追加…</translation>
    </message>
    <message>
        <source>All</source>
        <translation>すべて選択</translation>
    </message>
    <message>
        <source>None</source>
        <translation>すべて解除</translation>
    </message>
    <message>
        <source>Table</source>
        <translation>表</translation>
    </message>
    <message>
        <source>Bars</source>
        <translation>棒グラフ</translation>
    </message>
    <message>
        <source>Ratio heatmap</source>
        <translation>比のヒートマップ</translation>
    </message>
    <message>
        <source>Lorenz curves</source>
        <translation>ローレンツ曲線</translation>
    </message>
    <message>
        <source>Sentences</source>
        <translation>文</translation>
    </message>
    <message>
        <source>Export table…</source>
        <translation>表をエクスポート…</translation>
    </message>
    <message>
        <source>Save the table as CSV or JSON</source>
        <translation>表を CSV または JSON で保存します</translation>
    </message>
    <message>
        <source>Export plot…</source>
        <translation>グラフをエクスポート…</translation>
    </message>
    <message>
        <source>Save the plot shown as PNG or SVG</source>
        <translation>表示中のグラフを PNG または SVG で保存します</translation>
    </message>
    <message>
        <source>Corpus</source>
        <translation>コーパス</translation>
    </message>
    <message>
        <source>Reference</source>
        <translation>基準</translation>
    </message>
    <message>
        <source>Tokenizers</source>
        <translation>トークナイザー</translation>
    </message>
    <message>
        <source>Languages</source>
        <translation>言語</translation>
    </message>
    <message>
        <source>Reading the corpus…</source>
        <translation>コーパスを読み込んでいます…</translation>
    </message>
    <message>
        <source>{name}: {sentences:,} sentences in {languages} languages</source>
        <translation>{name}: {languages} 言語、{sentences:,} 文</translation>
    </message>
    <message>
        <source>Add a tokenizer to compare</source>
        <translation>比較するトークナイザーを追加</translation>
    </message>
    <message>
        <source>lacks {missing:,} of the corpus&apos;s {total:,} sentences</source>
        <translation>コーパスの {total:,} 文のうち {missing:,} 文が欠けています</translation>
    </message>
    <message>
        <source>Cancelled: the table shows the tokenizers counted so far</source>
        <translation>キャンセルしました: 表にはここまでに数え終えたトークナイザーを表示しています</translation>
    </message>
    <message>
        <source>nothing to export yet</source>
        <translation>エクスポートするものがまだありません</translation>
    </message>
    <message>
        <source>Export the table</source>
        <translation>表のエクスポート</translation>
    </message>
    <message>
        <source>Export the plot</source>
        <translation>グラフのエクスポート</translation>
    </message>
    <message>
        <source>PNG image</source>
        <translation>PNG 画像</translation>
    </message>
    <message>
        <source>SVG vector image</source>
        <translation>SVG ベクター画像</translation>
    </message>
    <message>
        <source>Could not export to {path}: {error}</source>
        <translation>{path} にエクスポートできませんでした: {error}</translation>
    </message>
    <message>
        <source>Saved {path}</source>
        <translation>{path} を保存しました</translation>
    </message>
</context>
<context>
    <name>ComparisonPlot</name>
    <message>
        <source>{name}: save a plot as .png or .svg</source>
        <translation>{name}: グラフは .png か .svg で保存してください</translation>
    </message>
    <message>
        <source>BPE Lens — {plot}</source>
        <translation>BPE Lens — {plot}</translation>
    </message>
</context>
<context>
    <name>ComparisonSession</name>
    <message>
        <source>Compare up to {n} tokenizers at once; the first {n} are kept</source>
        <translation>一度に比較できるトークナイザーは {n} 個までです。最初の {n} 個を残しました</translation>
    </message>
    <message>
        <source>Loading {name}…</source>
        <translation>{name} を読み込んでいます…</translation>
    </message>
    <message>
        <source>Counting {name}: {languages} languages × {sentences:,} sentences</source>
        <translation>{name} で数えています: {languages} 言語 × {sentences:,} 文</translation>
    </message>
</context>
<context>
    <name>ComparisonTable</name>
    <message>
        <source>tokenizer</source>
        <translation>トークナイザー</translation>
    </message>
    <message>
        <source>language</source>
        <translation>言語</translation>
    </message>
    <message>
        <source>Gini coefficient of the per-language token totals: {formula}</source>
        <translation>言語ごとのトークン総数のジニ係数: {formula}</translation>
    </message>
    <message>
        <source>{name}: Gini {gini:.3f}, {tokens:,} tokens</source>
        <translation>{name}: ジニ {gini:.3f}、{tokens:,} トークン</translation>
    </message>
    <message>
        <source>{sentences:,} sentences per language, reference {reference}. Across languages — {parts}  ({formula})</source>
        <translation>各言語 {sentences:,} 文、基準 {reference}。言語間 — {parts}  ({formula})</translation>
    </message>
</context>
<context>
    <name>ConflictsPage</name>
    <message>
        <source>One merge per line: LEFT + RIGHT, each a token&apos;s text (␣ for a space) or its byte-level spelling (Ġkitten), e.g.
b + c
a + bc</source>
        <translation>1 行に 1 つのマージを「左 + 右」の形で。左右はトークンのテキスト（空白は ␣）またはバイトレベルの綴り（Ġkitten）。例:
b + c
a + bc</translation>
    </message>
    <message>
        <source>Add and check</source>
        <translation>追加して検査</translation>
    </message>
    <message>
        <source>Apply the fixes and save…</source>
        <translation>修正を適用して保存…</translation>
    </message>
    <message>
        <source>line {number}: expected LEFT + RIGHT, not {line}</source>
        <translation>{number} 行目: 「左 + 右」の形が必要です（{line} ではなく）</translation>
    </message>
    <message>
        <source>no merge given: one per line, LEFT + RIGHT</source>
        <translation>マージが指定されていません: 1 行に 1 つ、「左 + 右」の形で書いてください</translation>
    </message>
    <message>
        <source>Adding the merges and checking every added token…</source>
        <translation>マージを追加し、追加されたすべてのトークンを検査しています…</translation>
    </message>
    <message>
        <source>Save the extended tokenizer…</source>
        <translation>拡張したトークナイザーを保存…</translation>
    </message>
    <message>
        <source>Save the tokenizer</source>
        <translation>トークナイザーの保存</translation>
    </message>
    <message>
        <source>Hugging Face tokenizer.json (*.json)</source>
        <translation>Hugging Face tokenizer.json (*.json)</translation>
    </message>
    <message>
        <source>BPE Lens tokenizer (*.json)</source>
        <translation>BPE Lens トークナイザー (*.json)</translation>
    </message>
    <message>
        <source>Could not save {name}: {error}</source>
        <translation>{name} を保存できませんでした: {error}</translation>
    </message>
    <message>
        <source>Saved to {name}.</source>
        <translation>{name} に保存しました。</translation>
    </message>
    <message>
        <source>line {number}: {token} is not a token of this tokenizer (nor made by a merge on a line above)</source>
        <translation>{number} 行目: {token} はこのトークナイザーのトークンではありません（上の行のマージで作られるものでもありません）</translation>
    </message>
    <message>
        <source>{n} merges added, making {tokens}.</source>
        <translation>マージを {n} 個追加し、{tokens} を作りました。</translation>
    </message>
    <message>
        <source>Every added token comes out when its own text is encoded.</source>
        <translation>追加したどのトークンも、自身のテキストをエンコードすると出現します。</translation>
    </message>
    <message>
        <source>{token} (id {id}) never comes out: its text {text} encodes to {pieces}</source>
        <translation>{token}（ID {id}）は決して出現しません: そのテキスト {text} は {pieces} にエンコードされます</translation>
    </message>
    <message>
        <source>merge {rank} ({left} + {right}) applies first and blocks the way</source>
        <translation>マージ {rank}（{left} + {right}）が先に適用され、行く手をふさぎます</translation>
    </message>
    <message>
        <source>no merge can fix it: what its text encodes to does not join into its bytes (a prefix, a part of a character or an unknown piece)</source>
        <translation>どのマージでも修正できません: そのテキストのエンコード結果をつないでもそのバイト列になりません（接頭辞、文字の一部、または未知のピース）</translation>
    </message>
    <message>
        <source>checked: it then comes out</source>
        <translation>確認済み: これで出現します</translation>
    </message>
    <message>
        <source>not enough alone</source>
        <translation>これだけでは不十分</translation>
    </message>
    <message>
        <source>fix: add {fix} — {verdict}</source>
        <translation>修正: {fix} を追加 — {verdict}</translation>
    </message>
</context>
<context>
    <name>ContrastPage</name>
    <message>
        <source>Cut it</source>
        <translation>分割</translation>
    </message>
    <message>
        <source>Text</source>
        <translation>テキスト</translation>
    </message>
    <message>
        <source>dropout p</source>
        <translation>ドロップアウト p</translation>
    </message>
    <message>
        <source>samples</source>
        <translation>サンプル数</translation>
    </message>
    <message>
        <source>seed</source>
        <translation>シード</translation>
    </message>
    <message>
        <source>Cutting…</source>
        <translation>分割しています…</translation>
    </message>
    <message>
        <source>the tokenizer:</source>
        <translation>トークナイザー:</translation>
    </message>
    <message>
        <source>greedy longest match:</source>
        <translation>貪欲最長一致:</translation>
    </message>
    <message>
        <source>   (WordPiece&apos;s rule, on this vocabulary)</source>
        <translation>   （WordPiece の規則をこの語彙で）</translation>
    </message>
    <message>
        <source>This tokenizer cannot encode the text: {error}</source>
        <translation>このトークナイザーではテキストをエンコードできません: {error}</translation>
    </message>
    <message>
        <source>BPE-dropout p={p:g}, {samples:,} samples, seed {seed}: {distinct} distinct</source>
        <translation>BPE-dropout p={p:g}、{samples:,} サンプル、シード {seed}: 異なる分割 {distinct} 通り</translation>
    </message>
    <message>
        <source>BPE-dropout: {error}</source>
        <translation>BPE-dropout: {error}</translation>
    </message>
    <message>
        <source>Unigram lattice of {text}: {n} candidates</source>
        <translation>{text} の Unigram ラティス: 候補 {n} 個</translation>
    </message>
</context>
<context>
    <name>CorpusChoice</name>
    <message>
        <source>Parallel corpora (*.tsv *.jsonl *.tar.gz *.tgz *.tar.xz *.txz);;All files (*)</source>
        <translation>対訳コーパス (*.tsv *.jsonl *.tar.gz *.tgz *.tar.xz *.txz);;すべてのファイル (*)</translation>
    </message>
    <message>
        <source>Bundled demo: 20 sentences in 12 languages</source>
        <translation>同梱デモ: 12 言語 × 20 文</translation>
    </message>
    <message>
        <source>Open a corpus file (TSV, JSONL, archive)…</source>
        <translation>コーパスファイルを開く（TSV、JSONL、アーカイブ）…</translation>
    </message>
    <message>
        <source>Open a folder of line-aligned files…</source>
        <translation>行が対応するファイルのフォルダーを開く…</translation>
    </message>
    <message>
        <source>Open a parallel corpus</source>
        <translation>対訳コーパスを開く</translation>
    </message>
    <message>
        <source>Open a folder of line-aligned files</source>
        <translation>行が対応するファイルのフォルダーを開く</translation>
    </message>
</context>
<context>
    <name>CostPage</name>
    <message>
        <source>padded</source>
        <translation>パディング後</translation>
    </message>
    <message>
        <source>untied output layer (a second V × d matrix)</source>
        <translation>出力層を共有しない（2 つ目の V × d 行列）</translation>
    </message>
    <message>
        <source>stored as</source>
        <translation>保存形式</translation>
    </message>
    <message>
        <source>size</source>
        <translation>サイズ</translation>
    </message>
    <message>
        <source>Vocabulary (tokens)</source>
        <translation>語彙（トークン数）</translation>
    </message>
    <message>
        <source>Hidden size d</source>
        <translation>隠れ層の次元 d</translation>
    </message>
    <message>
        <source>Pad rows to a multiple of</source>
        <translation>行数をこの倍数にパディング</translation>
    </message>
    <message>
        <source>Or exactly this many rows</source>
        <translation>または行数を直接指定</translation>
    </message>
    <message>
        <source>{n} matrix</source>
        <translation>行列 {n} 個</translation>
    </message>
    <message>
        <source>{n} matrices</source>
        <translation>行列 {n} 個</translation>
    </message>
    <message>
        <source>{rows:,} rows × {d:,} = {per_matrix:,} parameters per matrix; {matrices}: {parameters:,} parameters</source>
        <translation>{rows:,} 行 × {d:,} = 行列あたり {per_matrix:,} パラメーター; {matrices}: {parameters:,} パラメーター</translation>
    </message>
    <message>
        <source>{mb:,.1f} MB ({gb:,.2f} GB)</source>
        <translation>{mb:,.1f} MB（{gb:,.2f} GB）</translation>
    </message>
</context>
<context>
    <name>DebugCommon</name>
    <message>
        <source> (no merge builds it)</source>
        <translation>（どのマージも作らない）</translation>
    </message>
    <message>
        <source>{label} ← merge {rank}</source>
        <translation>{label} ← マージ {rank}</translation>
    </message>
    <message>
        <source>audit: {cls}</source>
        <translation>監査: {cls}</translation>
    </message>
    <message>
        <source> — its text encodes to {pieces}</source>
        <translation> — そのテキストは {pieces} にエンコードされる</translation>
    </message>
    <message>
        <source>; merge {rank} ({left} + {right}) gets there first</source>
        <translation>; マージ {rank}（{left} + {right}）が先に適用される</translation>
    </message>
    <message>
        <source>, but only as a whole piece (the merges alone make something else)</source>
        <translation>。ただしピース全体のときのみ（マージだけでは別のものが作られる）</translation>
    </message>
</context>
<context>
    <name>DebugView</name>
    <message>
        <source>Audit</source>
        <translation>監査</translation>
    </message>
    <message>
        <source>Look up</source>
        <translation>検索</translation>
    </message>
    <message>
        <source>Diff</source>
        <translation>差分</translation>
    </message>
    <message>
        <source>Merge conflicts</source>
        <translation>マージの衝突</translation>
    </message>
    <message>
        <source>Extend</source>
        <translation>拡張</translation>
    </message>
    <message>
        <source>Other algorithms</source>
        <translation>他のアルゴリズム</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>コスト</translation>
    </message>
    <message>
        <source>Could not audit: {error}</source>
        <translation>監査できませんでした: {error}</translation>
    </message>
    <message>
        <source>Could not compare: {error}</source>
        <translation>比較できませんでした: {error}</translation>
    </message>
    <message>
        <source>Could not search the texts: {error}</source>
        <translation>テキストを検索できませんでした: {error}</translation>
    </message>
    <message>
        <source>Could not cut the text: {error}</source>
        <translation>テキストを分割できませんでした: {error}</translation>
    </message>
    <message>
        <source>Could not extend: {error}</source>
        <translation>拡張できませんでした: {error}</translation>
    </message>
    <message>
        <source>{n:,} ids; press Audit.</source>
        <translation>ID {n:,} 個。「語彙を監査」を押してください。</translation>
    </message>
    <message>
        <source>this tokenizer</source>
        <translation>このトークナイザー</translation>
    </message>
    <message>
        <source>Opening {name}…</source>
        <translation>{name} を開いています…</translation>
    </message>
    <message>
        <source>Comparing…</source>
        <translation>比較しています…</translation>
    </message>
</context>
<context>
    <name>DerivationDialog</name>
    <message>
        <source>, rank {rank}</source>
        <translation>、ランク {rank}</translation>
    </message>
    <message>
        <source> — no merge builds it</source>
        <translation> — どのマージも作らない</translation>
    </message>
    <message>
        <source>“{label}” id {id}{rank}</source>
        <translation>「{label}」 ID {id}{rank}</translation>
    </message>
    <message>
        <source>How this token is built</source>
        <translation>このトークンの作られ方</translation>
    </message>
    <message>
        <source>Copy as text</source>
        <translation>テキストとしてコピー</translation>
    </message>
    <message>
        <source>Export picture…</source>
        <translation>画像をエクスポート…</translation>
    </message>
    <message>
        <source>Token “{label}” (id {id}): {merges} merges from {n} symbols</source>
        <translation>トークン「{label}」（ID {id}）: {n} 個の記号から {merges} 回のマージ</translation>
    </message>
    <message>
        <source>Token “{label}” (id {id}): {merges} merges from {n} symbol</source>
        <translation>トークン「{label}」（ID {id}）: {n} 個の記号から {merges} 回のマージ</translation>
    </message>
    <message>
        <source>Token “{label}” (id {id}) is not built by any merge — a token longer than one symbol that the merges never form</source>
        <translation>トークン「{label}」（ID {id}）はどのマージでも作られません — 1 記号より長いのに、マージでは決して作られないトークンです</translation>
    </message>
    <message>
        <source>Token “{label}” (id {id}) is not built by any merge — a base symbol or an added token</source>
        <translation>トークン「{label}」（ID {id}）はどのマージでも作られません — 基本記号または追加トークンです</translation>
    </message>
</context>
<context>
    <name>DerivationView</name>
    <message>
        <source>{id} = rank</source>
        <translation>{id} = ランク</translation>
    </message>
    <message>
        <source>{id} · r{rank}</source>
        <translation>{id} · r{rank}</translation>
    </message>
</context>
<context>
    <name>DiffPage</name>
    <message>
        <source>Compare</source>
        <translation>比較</translation>
    </message>
    <message>
        <source>Compare the tokenizer in the main view with another one.</source>
        <translation>メインビューのトークナイザーを別のトークナイザーと比較します。</translation>
    </message>
    <message>
        <source>Against</source>
        <translation>比較対象</translation>
    </message>
    <message>
        <source>Text</source>
        <translation>テキスト</translation>
    </message>
    <message>
        <source>left: {left}   right: {right}</source>
        <translation>左: {left}   右: {right}</translation>
    </message>
    <message>
        <source>vocabulary: {same:,} tokens shared with the same id, {other:,} with another id, {left:,} only left, {right:,} only right</source>
        <translation>語彙: 同じIDで共通のトークン {same:,} 個、別のIDで共通 {other:,} 個、左のみ {left:,} 個、右のみ {right:,} 個</translation>
    </message>
    <message>
        <source>ids 0–{last:,} mean the same bytes in both</source>
        <translation>ID 0–{last:,} は両方で同じバイト列を表す</translation>
    </message>
    <message>
        <source>id 0 already differs</source>
        <translation>ID 0 からすでに異なる</translation>
    </message>
    <message>
        <source>merges: {left:,} left, {right:,} right; the first {shared:,} are the same</source>
        <translation>マージ: 左 {left:,} 個、右 {right:,} 個。最初の {shared:,} 個は同じ</translation>
    </message>
    <message>
        <source>first difference at rank {rank:,}: left makes {left}, right makes {right}</source>
        <translation>最初の違いはランク {rank:,}: 左は {left}、右は {right} を作る</translation>
    </message>
    <message>
        <source>only left, e.g.: {tokens}</source>
        <translation>左のみの例: {tokens}</translation>
    </message>
    <message>
        <source>only right, e.g.: {tokens}</source>
        <translation>右のみの例: {tokens}</translation>
    </message>
    <message>
        <source>the text: {text}</source>
        <translation>テキスト: {text}</translation>
    </message>
    <message>
        <source>left:  {cuts}</source>
        <translation>左:  {cuts}</translation>
    </message>
    <message>
        <source>right: {cuts}</source>
        <translation>右:  {cuts}</translation>
    </message>
    <message>
        <source>cuts only left at bytes {left}; only right at {right}</source>
        <translation>左だけが切るバイト位置 {left}; 右だけが切る位置 {right}</translation>
    </message>
    <message>
        <source>both cut the text at the same bytes</source>
        <translation>両方とも同じバイト位置でテキストを切る</translation>
    </message>
    <message>
        <source>Compared.</source>
        <translation>比較しました。</translation>
    </message>
</context>
<context>
    <name>ExtendPage</name>
    <message>
        <source>language</source>
        <translation>言語</translation>
    </message>
    <message>
        <source>sentences</source>
        <translation>文数</translation>
    </message>
    <message>
        <source>tokens before</source>
        <translation>前のトークン数</translation>
    </message>
    <message>
        <source>after</source>
        <translation>後</translation>
    </message>
    <message>
        <source>change</source>
        <translation>変化</translation>
    </message>
    <message>
        <source>{language} — bundled demo corpus</source>
        <translation>{language} — 同梱デモコーパス</translation>
    </message>
    <message>
        <source>Text file…</source>
        <translation>テキストファイル…</translation>
    </message>
    <message>
        <source>Learn merges</source>
        <translation>マージを学習</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>キャンセル</translation>
    </message>
    <message>
        <source>Learn new merges on a new corpus on top of this tokenizer (its own pre-tokenizer and segmentation); every existing id stays.</source>
        <translation>このトークナイザーの上に、新しいコーパスで新しいマージを学習します（プリトークナイザーと分割はこのトークナイザーのもの）。既存のIDはすべてそのまま残ります。</translation>
    </message>
    <message>
        <source>The merges learned, in order.</source>
        <translation>学習したマージ（学習順）。</translation>
    </message>
    <message>
        <source>Compare before and after…</source>
        <translation>前後を比較…</translation>
    </message>
    <message>
        <source>Open in the main view</source>
        <translation>メインビューで開く</translation>
    </message>
    <message>
        <source>Save tokenizer.json as…</source>
        <translation>tokenizer.json に名前を付けて保存…</translation>
    </message>
    <message>
        <source>New corpus</source>
        <translation>新しいコーパス</translation>
    </message>
    <message>
        <source>Merges</source>
        <translation>マージ数</translation>
    </message>
    <message>
        <source>min frequency</source>
        <translation>最小頻度</translation>
    </message>
    <message>
        <source>A new corpus: UTF-8 text, one text per line</source>
        <translation>新しいコーパス: UTF-8 テキスト、1 行に 1 テキスト</translation>
    </message>
    <message>
        <source>Text (*.txt);;All files (*)</source>
        <translation>テキスト (*.txt);;すべてのファイル (*)</translation>
    </message>
    <message>
        <source>{summary} Tokens per language of {corpus}:</source>
        <translation>{summary} {corpus} の言語ごとのトークン数:</translation>
    </message>
    <message>
        <source>{n:&gt;5}  {left} + {right}   ({count:,} times)</source>
        <translation>{n:&gt;5}  {left} + {right}   （{count:,} 回）</translation>
    </message>
    <message>
        <source>as many as asked</source>
        <translation>指定した数に達した</translation>
    </message>
    <message>
        <source>no pair was left</source>
        <translation>ペアが残っていない</translation>
    </message>
    <message>
        <source>the best pair was below the minimum frequency</source>
        <translation>最も多いペアが最小頻度を下回った</translation>
    </message>
    <message>
        <source>{merges:,} merges learned ({tokens:,} new tokens; stopped: {why}). Saved as {name}.</source>
        <translation>マージを {merges:,} 個学習しました（新しいトークン {tokens:,} 個。停止理由: {why}）。{name} として保存しました。</translation>
    </message>
    <message>
        <source>Save the extended tokenizer</source>
        <translation>拡張したトークナイザーの保存</translation>
    </message>
    <message>
        <source>tokenizer.json (*.json)</source>
        <translation>tokenizer.json (*.json)</translation>
    </message>
    <message>
        <source>Could not save {name}: {error}</source>
        <translation>{name} を保存できませんでした: {error}</translation>
    </message>
    <message>
        <source>Saved to {name}.</source>
        <translation>{name} に保存しました。</translation>
    </message>
</context>
<context>
    <name>IdsPanel</name>
    <message>
        <source>not an id: {field} at character {position} (field {number}); ids are whole numbers separated by commas or spaces</source>
        <translation>ID ではありません: {position} 文字目の {field}（{number} 番目の項目）。ID はカンマまたは空白で区切った整数です</translation>
    </message>
    <message>
        <source>token ids — type or paste a list of ids and press Enter to decode it</source>
        <translation>トークン ID — ID の並びを入力または貼り付けて Enter を押すとデコードします</translation>
    </message>
    <message>
        <source>Copy ids</source>
        <translation>ID をコピー</translation>
    </message>
    <message>
        <source>Ids</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>Enter decodes these ids into the text · Esc puts back the encoding&apos;s</source>
        <translation>Enter: この ID をデコードしてテキストにする · Esc: エンコード結果の ID に戻す</translation>
    </message>
    <message>
        <source>no ids to decode: type ids separated by commas or spaces</source>
        <translation>デコードする ID がありません: カンマまたは空白で区切って ID を入力してください</translation>
    </message>
</context>
<context>
    <name>InputEditor</name>
    <message>
        <source>{n:,} lines</source>
        <translation>{n:,} 行</translation>
    </message>
    <message>
        <source>{n:,} line</source>
        <translation>{n:,} 行</translation>
    </message>
    <message>
        <source>This text is too long for the box to show: {characters:,} characters, {lines}, the longest {longest:,} characters (the box shows lines of up to {limit:,}).

It is encoded, shown in the views and saved as it is.

Press Delete to clear it; paste, drop or open another text to replace it.</source>
        <translation>このテキストは長すぎてボックスに表示できません: {characters:,} 文字、{lines}、最長の行は {longest:,} 文字です（ボックスに表示できるのは {limit:,} 文字までの行です）。

エンコード、各ビューでの表示、保存はこのテキストのまま行われます。

Delete キーで消去できます。別のテキストを貼り付ける、ドロップする、または開くと置き換わります。</translation>
    </message>
    <message>
        <source>The text could not be put in the box: {error}</source>
        <translation>テキストをボックスに入れられませんでした: {error}</translation>
    </message>
</context>
<context>
    <name>LatticeCanvas</name>
    <message>
        <source>up to its character {cut:,} of {length:,}</source>
        <translation>{length:,} 文字中 {cut:,} 文字目まで</translation>
    </message>
    <message>
        <source>none of them: the first piece alone has more</source>
        <translation>1 つも描いていません（最初のピースだけで上限を超えます）</translation>
    </message>
    <message>
        <source>the piece {partial}</source>
        <translation>ピースの {partial}</translation>
    </message>
    <message>
        <source>the first {whole:,} of {pieces:,} pieces</source>
        <translation>{pieces:,} 個のピースのうち最初の {whole:,} 個</translation>
    </message>
    <message>
        <source>, and piece {number:,} {partial}</source>
        <translation>、およびピース {number:,} の {partial}</translation>
    </message>
    <message>
        <source>Drawn: {drawn:,} of {total:,} candidates ({most:,} at most), {shown}. Shorten the text to see the rest.</source>
        <translation>描画: 候補 {total:,} 個中 {drawn:,} 個（上限 {most:,} 個）、{shown}。残りを見るにはテキストを短くしてください。</translation>
    </message>
    <message>
        <source>characters {start}–{end} ({text})</source>
        <translation>文字 {start}–{end}（{text}）</translation>
    </message>
    <message>
        <source>{span}: no vocabulary piece covers them
the best path crosses them with the unknown token: {label} (id {ids})
(a model with byte fallback then spells them as bytes)</source>
        <translation>{span}: これを覆う語彙ピースがありません
最良経路は未知トークン {label}（ID {ids}）でここを通ります
（バイトフォールバックのあるモデルはバイトとして綴ります）</translation>
    </message>
    <message>
        <source>on the best path: the tokenizer&apos;s cut
(the path scores {total:.4f} in all, its unknown tokens left out)</source>
        <translation>最良経路上: トークナイザーの分割
（経路のスコアは合計 {total:.4f}、未知トークンを除く）</translation>
    </message>
    <message>
        <source>on the best path: the tokenizer&apos;s cut
(the path scores {total:.4f} in all)</source>
        <translation>最良経路上: トークナイザーの分割
（経路のスコアは合計 {total:.4f}）</translation>
    </message>
    <message>
        <source>off the best path: a candidate the tokenizer did not pick</source>
        <translation>最良経路外: トークナイザーが選ばなかった候補</translation>
    </message>
    <message>
        <source>id {id}  {label}
{span}
score {score:.4f} (log probability)
{where}</source>
        <translation>ID {id}  {label}
{span}
スコア {score:.4f}（対数確率）
{where}</translation>
    </message>
    <message>
        <source>best path: the tokenizer&apos;s cut</source>
        <translation>最良経路: トークナイザーの分割</translation>
    </message>
    <message>
        <source>other vocabulary pieces that match</source>
        <translation>一致するその他の語彙ピース</translation>
    </message>
    <message>
        <source>no piece covers it: the unknown token</source>
        <translation>覆うピースなし: 未知トークン</translation>
    </message>
    <message>
        <source>under each label: its score (a log probability; higher is likelier)</source>
        <translation>各ラベルの下: スコア（対数確率。高いほど起こりやすい）</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
</context>
<context>
    <name>LayersView</name>
    <message>
        <source>characters</source>
        <translation>文字</translation>
    </message>
    <message>
        <source>bytes</source>
        <translation>バイト</translation>
    </message>
    <message>
        <source>pieces</source>
        <translation>ピース</translation>
    </message>
    <message>
        <source>tokens</source>
        <translation>トークン</translation>
    </message>
</context>
<context>
    <name>LookupPage</name>
    <message>
        <source>auto</source>
        <translation>自動</translation>
    </message>
    <message>
        <source>id</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>text</source>
        <translation>テキスト</translation>
    </message>
    <message>
        <source>contains</source>
        <translation>部分一致</translation>
    </message>
    <message>
        <source>regex</source>
        <translation>正規表現</translation>
    </message>
    <message>
        <source>hex</source>
        <translation>16進</translation>
    </message>
    <message>
        <source>an id, a text, /regex/, or 0x hex bytes</source>
        <translation>ID、テキスト、/正規表現/、または 0x で始まる16進バイト</translation>
    </message>
    <message>
        <source>Texts to search for the token (one per line)</source>
        <translation>トークンを探すテキスト（1 行に 1 つ）</translation>
    </message>
    <message>
        <source>and every sentence of the comparison tab&apos;s corpus</source>
        <translation>比較タブのコーパスの全文も探す</translation>
    </message>
    <message>
        <source>token</source>
        <translation>トークン</translation>
    </message>
    <message>
        <source>Searching…</source>
        <translation>検索しています…</translation>
    </message>
    <message>
        <source>No token matches.</source>
        <translation>一致するトークンはありません。</translation>
    </message>
    <message>
        <source>id {id}: {label} — text {text}</source>
        <translation>ID {id}: {label} — テキスト {text}</translation>
    </message>
    <message>
        <source>bytes {bytes}, kind {kind}, rank {rank}</source>
        <translation>バイト {bytes}、種類 {kind}、ランク {rank}</translation>
    </message>
    <message>
        <source>derivation:</source>
        <translation>導出:</translation>
    </message>
    <message>
        <source>Looking for it in {n:,} texts…</source>
        <translation>{n:,} 個のテキストから探しています…</translation>
    </message>
    <message>
        <source>{done:,} of {total:,} texts</source>
        <translation>テキスト {total:,} 個中 {done:,} 個</translation>
    </message>
    <message>
        <source>used in {used:,} of {total:,} texts:</source>
        <translation>{total:,} 個のテキストのうち {used:,} 個で使われています:</translation>
    </message>
    <message>
        <source>… and {n:,} more</source>
        <translation>… ほか {n:,} 個</translation>
    </message>
</context>
<context>
    <name>LorenzPlot</name>
    <message>
        <source>Lorenz curves</source>
        <translation>ローレンツ曲線</translation>
    </message>
    <message>
        <source>Gini coefficient of the per-language token totals: {formula}. 0: every language needs as many tokens; the further a curve sags below the diagonal, the less equal.</source>
        <translation>言語ごとのトークン総数のジニ係数: {formula}。0 はどの言語も同じ数のトークンを要することを表し、曲線が対角線より下にたわむほど不平等です。</translation>
    </message>
    <message>
        <source>equality (Gini 0)</source>
        <translation>完全平等（ジニ 0）</translation>
    </message>
    <message>
        <source>{tokenizer} — Gini {gini:.3f}</source>
        <translation>{tokenizer} — ジニ {gini:.3f}</translation>
    </message>
    <message>
        <source>share of languages (fewest tokens first)</source>
        <translation>言語の割合（トークンの少ない順）</translation>
    </message>
    <message>
        <source>share of tokens</source>
        <translation>トークンの割合</translation>
    </message>
    <message>
        <source>Lorenz curves of token totals across {n} languages</source>
        <translation>{n} 言語にわたるトークン総数のローレンツ曲線</translation>
    </message>
    <message>
        <source>{tokenizer}: up to {language}, {languages:.0%} of the languages use {tokens:.1%} of the tokens (Gini {gini:.3f})</source>
        <translation>{tokenizer}: {language} までの {languages:.0%} の言語がトークンの {tokens:.1%} を使う（ジニ {gini:.3f}）</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>BPE Lens</source>
        <translation>BPE Lens</translation>
    </message>
    <message>
        <source>Open…</source>
        <translation>開く…</translation>
    </message>
    <message>
        <source>Open a tokenizer file (tokenizer.json, *.tiktoken, vocab.json + merges.txt, a SentencePiece .model, a BPE Lens .json)</source>
        <translation>トークナイザーファイルを開きます（tokenizer.json、*.tiktoken、vocab.json + merges.txt、SentencePiece の .model、BPE Lens の .json）</translation>
    </message>
    <message>
        <source>Tokenizer</source>
        <translation>トークナイザー</translation>
    </message>
    <message>
        <source>Type or paste text, or drop a text file here</source>
        <translation>テキストを入力または貼り付けるか、ここにテキストファイルをドロップしてください</translation>
    </message>
    <message>
        <source>Your text</source>
        <translation>入力テキスト</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>ファイル(&amp;F)</translation>
    </message>
    <message>
        <source>Open tokenizer file…</source>
        <translation>トークナイザーファイルを開く…</translation>
    </message>
    <message>
        <source>Open tokenizer folder…</source>
        <translation>トークナイザーフォルダーを開く…</translation>
    </message>
    <message>
        <source>Open text file…</source>
        <translation>テキストファイルを開く…</translation>
    </message>
    <message>
        <source>Compare languages on a corpus…</source>
        <translation>コーパスで言語を比較…</translation>
    </message>
    <message>
        <source>Recent tokenizers</source>
        <translation>最近使ったトークナイザー</translation>
    </message>
    <message>
        <source>Save session…</source>
        <translation>セッションを保存…</translation>
    </message>
    <message>
        <source>Open session…</source>
        <translation>セッションを開く…</translation>
    </message>
    <message>
        <source>Keep this text in the session (a new slide)</source>
        <translation>このテキストをセッションに残す（新しいスライド）</translation>
    </message>
    <message>
        <source>Next prepared text</source>
        <translation>次の準備済みテキスト</translation>
    </message>
    <message>
        <source>Previous prepared text</source>
        <translation>前の準備済みテキスト</translation>
    </message>
    <message>
        <source>Export picture</source>
        <translation>画像をエクスポート</translation>
    </message>
    <message>
        <source>Quit</source>
        <translation>終了</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>表示(&amp;V)</translation>
    </message>
    <message>
        <source>Ids under chips</source>
        <translation>チップの下に ID を表示</translation>
    </message>
    <message>
        <source>Alternating colours</source>
        <translation>色を交互に付ける</translation>
    </message>
    <message>
        <source>Vocabulary spelling (Ġ, ▁, ##)</source>
        <translation>語彙での綴り（Ġ、▁、##）</translation>
    </message>
    <message>
        <source>Recognise special tokens</source>
        <translation>特殊トークンを認識する</translation>
    </message>
    <message>
        <source>Theme</source>
        <translation>テーマ</translation>
    </message>
    <message>
        <source>Follow the system</source>
        <translation>システムに従う</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>ライト</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>ダーク</translation>
    </message>
    <message>
        <source>High contrast</source>
        <translation>ハイコントラスト</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>言語 (Language)</translation>
    </message>
    <message>
        <source>Present (full screen, large, keyboard)</source>
        <translation>プレゼンテーション（全画面・拡大・キーボード操作）</translation>
    </message>
    <message>
        <source>Layers of the text…</source>
        <translation>テキストのレイヤー…</translation>
    </message>
    <message>
        <source>Copy the layers picture</source>
        <translation>レイヤーの画像をコピー</translation>
    </message>
    <message>
        <source>Shaped text…</source>
        <translation>色分けしたテキスト…</translation>
    </message>
    <message>
        <source>Playback frame on screen…</source>
        <translation>表示中の再生フレーム…</translation>
    </message>
    <message>
        <source>Playback animation (GIF, APNG, frames)…</source>
        <translation>再生アニメーション（GIF、APNG、フレーム）…</translation>
    </message>
    <message>
        <source>This tab as shown…</source>
        <translation>このタブを表示どおりに…</translation>
    </message>
    <message>
        <source>The new language applies when BPE Lens starts again.</source>
        <translation>新しい言語は BPE Lens を次に起動したときに適用されます。</translation>
    </message>
    <message>
        <source>Saved the session to {path}</source>
        <translation>セッションを {path} に保存しました</translation>
    </message>
    <message>
        <source>Opened the session {name}</source>
        <translation>セッション {name} を開きました</translation>
    </message>
    <message>
        <source>Text {n} of {count}</source>
        <translation>テキスト {n} / {count}</translation>
    </message>
    <message>
        <source>Loading {name}…</source>
        <translation>{name} を読み込んでいます…</translation>
    </message>
    <message>
        <source>Loading…</source>
        <translation>読み込んでいます…</translation>
    </message>
    <message>
        <source>Encoding {n:,} characters…</source>
        <translation>{n:,} 文字をエンコードしています…</translation>
    </message>
    <message>
        <source>Encoding cancelled: the views show the last encoding; edit the text to encode it again</source>
        <translation>エンコードをキャンセルしました: 各ビューには直前のエンコード結果を表示しています。もう一度エンコードするにはテキストを編集してください</translation>
    </message>
    <message>
        <source>Open tokenizer</source>
        <translation>トークナイザーを開く</translation>
    </message>
    <message>
        <source>Open tokenizer folder</source>
        <translation>トークナイザーフォルダーを開く</translation>
    </message>
    <message>
        <source>Open text</source>
        <translation>テキストを開く</translation>
    </message>
    <message>
        <source>(none yet)</source>
        <translation>（まだありません）</translation>
    </message>
    <message>
        <source>Pasting…</source>
        <translation>貼り付けています…</translation>
    </message>
    <message>
        <source>not encoded (see the message above)</source>
        <translation>エンコードされていません（上のメッセージを参照）</translation>
    </message>
    <message>
        <source>Decoded {n:,} ids into the text (Ctrl+Z in the text box brings the previous text back)</source>
        <translation>ID {n:,} 個をデコードしてテキストにしました（テキストボックスで Ctrl+Z を押すと前のテキストに戻ります）</translation>
    </message>
</context>
<context>
    <name>Metric</name>
    <message>
        <source>sentences</source>
        <translation>文数</translation>
    </message>
    <message>
        <source>sentences compared (those every chosen language has)</source>
        <translation>比較した文（選んだすべての言語にある文）</translation>
    </message>
    <message>
        <source>characters</source>
        <translation>文字数</translation>
    </message>
    <message>
        <source>Unicode code points of the sentences</source>
        <translation>文の Unicode コードポイント数</translation>
    </message>
    <message>
        <source>bytes</source>
        <translation>バイト数</translation>
    </message>
    <message>
        <source>UTF-8 bytes of the sentences</source>
        <translation>文の UTF-8 バイト数</translation>
    </message>
    <message>
        <source>tokens</source>
        <translation>トークン数</translation>
    </message>
    <message>
        <source>tokens of the sentences, each encoded on its own</source>
        <translation>文のトークン数（文ごとに個別にエンコード）</translation>
    </message>
    <message>
        <source>tokens / sentence</source>
        <translation>トークン数 / 文</translation>
    </message>
    <message>
        <source>tokens ÷ sentences</source>
        <translation>トークン数 ÷ 文数</translation>
    </message>
    <message>
        <source>ratio to ref.</source>
        <translation>基準との比</translation>
    </message>
    <message>
        <source>corpus-level ratio T_ℓ / T_ref: this language&apos;s tokens over the reference language&apos;s, on the same sentences (Petrov et al.)</source>
        <translation>コーパス単位の比 T_ℓ / T_ref: 同じ文での、この言語のトークン数を基準言語のトークン数で割ったもの（Petrov ら）</translation>
    </message>
    <message>
        <source>mean sentence ratio</source>
        <translation>文ごとの比の平均</translation>
    </message>
    <message>
        <source>mean over sentences of t_ℓ,i / t_ref,i (TokSuite); sentences whose reference has no token are left out</source>
        <translation>文ごとの t_ℓ,i / t_ref,i の平均（TokSuite）。基準側にトークンがない文は除きます</translation>
    </message>
    <message>
        <source>bytes / token</source>
        <translation>バイト数 / トークン</translation>
    </message>
    <message>
        <source>UTF-8 bytes ÷ tokens: how much text a token carries</source>
        <translation>UTF-8 バイト数 ÷ トークン数: 1 トークンが運ぶテキストの量</translation>
    </message>
    <message>
        <source>chars / token</source>
        <translation>文字数 / トークン</translation>
    </message>
    <message>
        <source>characters ÷ tokens</source>
        <translation>文字数 ÷ トークン数</translation>
    </message>
    <message>
        <source>byte-fallback / unknown</source>
        <translation>バイトフォールバック / 未知</translation>
    </message>
    <message>
        <source>share of tokens that are byte-fallback (&lt;0xNN&gt;) or unknown tokens</source>
        <translation>バイトフォールバック（&lt;0xNN&gt;）または未知トークンであるトークンの割合</translation>
    </message>
    <message>
        <source>inside a character</source>
        <translation>文字の内部</translation>
    </message>
    <message>
        <source>share of tokens that start or end inside a character (part of its UTF-8 bytes)</source>
        <translation>文字の内部で始まるか終わるトークンの割合（その文字の UTF-8 バイトの一部）</translation>
    </message>
    <message>
        <source>distinct tokens</source>
        <translation>異なるトークン数</translation>
    </message>
    <message>
        <source>different token ids used</source>
        <translation>使われた異なるトークンIDの数</translation>
    </message>
    <message>
        <source>G = Σᵢ Σⱼ |xᵢ − xⱼ| / (2 n² x̄), x = per-language token totals</source>
        <translation>G = Σᵢ Σⱼ |xᵢ − xⱼ| / (2 n² x̄)、x = 言語ごとのトークン総数</translation>
    </message>
</context>
<context>
    <name>PictureExport</name>
    <message>
        <source>PNG, 1× (*.png)</source>
        <translation>PNG、1 倍 (*.png)</translation>
    </message>
    <message>
        <source>PNG, 2× for slides (*.png)</source>
        <translation>PNG、2 倍・スライド向け (*.png)</translation>
    </message>
    <message>
        <source>PNG, 3× (*.png)</source>
        <translation>PNG、3 倍 (*.png)</translation>
    </message>
    <message>
        <source>SVG, vector (*.svg)</source>
        <translation>SVG、ベクター (*.svg)</translation>
    </message>
    <message>
        <source>Animated GIF (*.gif)</source>
        <translation>アニメーション GIF (*.gif)</translation>
    </message>
    <message>
        <source>Animated PNG (*.apng)</source>
        <translation>アニメーション PNG (*.apng)</translation>
    </message>
    <message>
        <source>Numbered PNG frames (folder) (*)</source>
        <translation>連番 PNG フレーム（フォルダー） (*)</translation>
    </message>
    <message>
        <source>layers</source>
        <translation>レイヤー</translation>
    </message>
    <message>
        <source>shaped</source>
        <translation>色分けしたテキスト</translation>
    </message>
    <message>
        <source>playback</source>
        <translation>再生</translation>
    </message>
    <message>
        <source>there is no text encoded yet to draw</source>
        <translation>描画できるエンコード済みのテキストがまだありません</translation>
    </message>
    <message>
        <source>Export picture</source>
        <translation>画像のエクスポート</translation>
    </message>
    <message>
        <source>Could not export: {error}</source>
        <translation>エクスポートできませんでした: {error}</translation>
    </message>
    <message>
        <source>Drawing the {what} picture…</source>
        <translation>{what}の画像を描いています…</translation>
    </message>
    <message>
        <source>Saved {path}</source>
        <translation>{path} を保存しました</translation>
    </message>
    <message>
        <source>Copied a {width} × {height} picture of the {what}</source>
        <translation>{what}の {width} × {height} の画像をコピーしました</translation>
    </message>
    <message>
        <source>Export the playback</source>
        <translation>再生のエクスポート</translation>
    </message>
    <message>
        <source>Drawing every step of the playback…</source>
        <translation>再生の全ステップを描いています…</translation>
    </message>
    <message>
        <source>Writing {n} frames…</source>
        <translation>{n} フレームを書き出しています…</translation>
    </message>
    <message>
        <source>Saved {n} frames in {name}</source>
        <translation>{name} に {n} フレームを保存しました</translation>
    </message>
    <message>
        <source>Saved {name} ({n} frames)</source>
        <translation>{name} を保存しました（{n} フレーム）</translation>
    </message>
</context>
<context>
    <name>PlaybackView</name>
    <message>
        <source>Tracing the merges of {n:,} characters…</source>
        <translation>{n:,} 文字のマージを追跡しています…</translation>
    </message>
    <message>
        <source>Looking up the merges present at every step…</source>
        <translation>各ステップに存在するマージを調べています…</translation>
    </message>
    <message>
        <source>One piece at a time</source>
        <translation>1 ピースずつ</translation>
    </message>
    <message>
        <source>Whole text: each rank everywhere at once</source>
        <translation>テキスト全体: 各ランクをすべての箇所に一度に</translation>
    </message>
    <message>
        <source>◀ piece</source>
        <translation>◀ ピース</translation>
    </message>
    <message>
        <source>The piece before</source>
        <translation>前のピース</translation>
    </message>
    <message>
        <source>piece ▶</source>
        <translation>ピース ▶</translation>
    </message>
    <message>
        <source>The piece after</source>
        <translation>次のピース</translation>
    </message>
    <message>
        <source>rank</source>
        <translation>ランク</translation>
    </message>
    <message>
        <source>pair</source>
        <translation>ペア</translation>
    </message>
    <message>
        <source>makes</source>
        <translation>生成</translation>
    </message>
    <message>
        <source>id</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>times</source>
        <translation>回数</translation>
    </message>
    <message>
        <source>Merges present now — the lowest rank goes next</source>
        <translation>現在存在するマージ — 最小ランクが次に適用されます</translation>
    </message>
    <message>
        <source>How is the selected token built?</source>
        <translation>選択したトークンの作られ方は？</translation>
    </message>
    <message>
        <source>the first {n:,} characters</source>
        <translation>最初の {n:,} 文字</translation>
    </message>
    <message>
        <source>could not trace this text: {error}</source>
        <translation>このテキストを追跡できませんでした: {error}</translation>
    </message>
    <message>
        <source>Tracing the merges…</source>
        <translation>マージを追跡しています…</translation>
    </message>
    <message>
        <source>Nothing to merge: the text has no pieces the model merges.</source>
        <translation>マージするものがありません: このテキストにはモデルがマージするピースがありません。</translation>
    </message>
    <message>
        <source>piece {n} of {count}: “{text}”</source>
        <translation>ピース {n} / {count}: 「{text}」</translation>
    </message>
    <message>
        <source>Last step: {finish}.
Final tokens: {tokens}</source>
        <translation>最後のステップ: {finish}。
最終トークン: {tokens}</translation>
    </message>
    <message>
        <source>Start: “{text}” as {n} bytes. </source>
        <translation>開始: 「{text}」は {n} バイト。</translation>
    </message>
    <message>
        <source>Start: “{text}” as {n} symbols. </source>
        <translation>開始: 「{text}」は {n} 個の記号。</translation>
    </message>
    <message>
        <source>{n} merges to play.</source>
        <translation>再生するマージは {n} 個。</translation>
    </message>
    <message>
        <source>No merge applies.</source>
        <translation>適用できるマージはありません。</translation>
    </message>
    <message>
        <source>Step {position} of {count}: ({left}, {right}) → {new} — rank {rank}, new id {id}.</source>
        <translation>ステップ {position} / {count}: ({left}, {right}) → {new} — ランク {rank}、新しい ID {id}。</translation>
    </message>
    <message>
        <source> (tiktoken looks a piece up whole before merging: it is token {id}, as the merges give)</source>
        <translation>（tiktoken はマージの前にピース全体を語彙から引きます: トークン {id} で、マージの結果と同じです）</translation>
    </message>
    <message>
        <source>Done: the piece is one token{whole}.</source>
        <translation>完了: ピースは 1 トークンになりました{whole}。</translation>
    </message>
    <message>
        <source>Done: {why}.</source>
        <translation>完了: {why}。</translation>
    </message>
    <message>
        <source> (present {n}×: the leftmost goes first)</source>
        <translation>（{n} 箇所に存在: 最も左のものが先）</translation>
    </message>
    <message>
        <source>Next: ({left}, {right}) — the lowest rank of the {n} merges present{where}.</source>
        <translation>次: ({left}, {right}) — 存在する {n} 個のマージのうち最小ランク{where}。</translation>
    </message>
    <message>
        <source>Next: ({left}, {right}) — the lowest rank of the {n} merge present{where}.</source>
        <translation>次: ({left}, {right}) — 存在する {n} 個のマージのうち最小ランク{where}。</translation>
    </message>
    <message>
        <source>{pieces} pieces, {merges} distinct merges</source>
        <translation>ピース {pieces} 個、異なるマージ {merges} 個</translation>
    </message>
    <message>
        <source>Start: {symbols:,} symbols in {pieces:,} pieces.</source>
        <translation>開始: {pieces:,} 個のピースに {symbols:,} 個の記号。</translation>
    </message>
    <message>
        <source>Text step {position} of {count}: rank {rank}, ({left}, {right}) → {new} (id {id}), applied {times}× in {pieces} pieces. {tokens:,} tokens now.</source>
        <translation>テキストのステップ {position} / {count}: ランク {rank}、({left}, {right}) → {new}（ID {id}）、{pieces} 個のピースで {times} 回適用。現在 {tokens:,} トークン。</translation>
    </message>
    <message>
        <source>Text step {position} of {count}: rank {rank}, ({left}, {right}) → {new} (id {id}), applied {times}× in {pieces} piece. {tokens:,} tokens now.</source>
        <translation>テキストのステップ {position} / {count}: ランク {rank}、({left}, {right}) → {new}（ID {id}）、{pieces} 個のピースで {times} 回適用。現在 {tokens:,} トークン。</translation>
    </message>
    <message>
        <source> Then {n:,} pieces change: {finish}.</source>
        <translation> その後 {n:,} 個のピースが変わります: {finish}。</translation>
    </message>
    <message>
        <source>Done: {n:,} tokens; the pairs left are not merges.{after}</source>
        <translation>完了: {n:,} トークン。残ったペアはマージではありません。{after}</translation>
    </message>
    <message>
        <source>Where merging stopped: adjacent pairs no merge joins</source>
        <translation>マージが止まった箇所: どのマージも結合しない隣接ペア</translation>
    </message>
    <message>
        <source>not a merge</source>
        <translation>マージではない</translation>
    </message>
    <message>
        <source>Its piece “{text}” ends as {n} tokens: {why}</source>
        <translation>このトークンのピース「{text}」は最終的に {n} トークンになります: {why}</translation>
    </message>
</context>
<context>
    <name>RatioHeatmap</name>
    <message>
        <source>Ratio heatmap</source>
        <translation>比のヒートマップ</translation>
    </message>
    <message>
        <source>corpus-level ratio T_ℓ / T_ref</source>
        <translation>コーパス単位の比 T_ℓ / T_ref</translation>
    </message>
    <message>
        <source>mean of per-sentence ratios</source>
        <translation>文ごとの比の平均</translation>
    </message>
    <message>
        <source>Cells</source>
        <translation>セル</translation>
    </message>
    <message>
        <source>languages from the cheapest to the costliest on average over the tokenizers; colour: log₂ of the ratio</source>
        <translation>言語はトークナイザー全体の平均で安い順から高い順に並べています。色: 比の log₂</translation>
    </message>
    <message>
        <source>{cells}, reference {reference}</source>
        <translation>{cells}、基準 {reference}</translation>
    </message>
    <message>
        <source>{language} — {tokenizer}: ratio {ratio}, mean sentence ratio {mean} · {tokens:,} tokens (reference {reference})</source>
        <translation>{language} — {tokenizer}: 比 {ratio}、文ごとの比の平均 {mean} · {tokens:,} トークン（基準 {reference}）</translation>
    </message>
</context>
<context>
    <name>SentenceCanvas</name>
    <message>
        <source> · ends or starts inside a character</source>
        <translation> · 文字の内部で始まるか終わる</translation>
    </message>
    <message>
        <source>{tokenizer}: token {n} of {count} · id {id} · {label} · bytes {hex} ({start}–{end}) · {kind}{inside}</source>
        <translation>{tokenizer}: トークン {n} / {count} · ID {id} · {label} · バイト列 {hex}（位置 {start}–{end}）· {kind}{inside}</translation>
    </message>
</context>
<context>
    <name>SentenceComparison</name>
    <message>
        <source>The previous sentence</source>
        <translation>前の文</translation>
    </message>
    <message>
        <source>The next sentence</source>
        <translation>次の文</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>言語</translation>
    </message>
    <message>
        <source>Sentence</source>
        <translation>文</translation>
    </message>
    <message>
        <source>Every compared sentence of the language with its tokens under each tokenizer; click a column&apos;s title to sort (the costliest first), a row to see the sentence</source>
        <translation>この言語の比較したすべての文と、各トークナイザーでのトークン数。列の見出しをクリックすると並べ替え（最も高くつく文を先頭にもできます）、行をクリックするとその文を表示します</translation>
    </message>
    <message>
        <source>of {n:,}</source>
        <translation>/ {n:,}</translation>
    </message>
    <message>
        <source>Tokens: {counts}. {n} of the cuts are not made by every tokenizer (red lines).</source>
        <translation>トークン数: {counts}。{n} 箇所の切れ目は、すべてのトークナイザーが切るわけではありません（赤線）。</translation>
    </message>
</context>
<context>
    <name>SentenceListModel</name>
    <message>
        <source>sentence</source>
        <translation>文</translation>
    </message>
    <message>
        <source>tokens under {tokenizer} (click to sort)</source>
        <translation>{tokenizer} でのトークン数（クリックで並べ替え）</translation>
    </message>
</context>
<context>
    <name>SessionIO</name>
    <message>
        <source>BPE Lens session (*.bpelens)</source>
        <translation>BPE Lens セッション (*.bpelens)</translation>
    </message>
    <message>
        <source>The session&apos;s tokenizer {name} is not at {folder}: where is it now?</source>
        <translation>セッションのトークナイザー {name} が {folder} にありません。今どこにありますか？</translation>
    </message>
    <message>
        <source>{path} was not found; the session opened with the tokenizer already shown</source>
        <translation>{path} が見つかりませんでした。セッションは表示中のトークナイザーのまま開きました</translation>
    </message>
    <message>
        <source>Save session</source>
        <translation>セッションの保存</translation>
    </message>
    <message>
        <source>Open session</source>
        <translation>セッションを開く</translation>
    </message>
</context>
<context>
    <name>StatusText</name>
    <message>
        <source>{tokens:,} tokens · {characters:,} characters · {bytes:,} bytes · {ratio} bytes/token · round trip {check}</source>
        <translation>{tokens:,} トークン · {characters:,} 文字 · {bytes:,} バイト · {ratio} バイト/トークン · ラウンドトリップ {check}</translation>
    </message>
    <message>
        <source>{names} and {n} more</source>
        <translation>{names} ほか {n} 個</translation>
    </message>
    <message>
        <source>⚠ {n} special-token strings read as control tokens: {names}</source>
        <translation>⚠ 特殊トークン文字列 {n} 個を制御トークンとして読み取りました: {names}</translation>
    </message>
    <message>
        <source>⚠ {n} special-token string read as control token: {names}</source>
        <translation>⚠ 特殊トークン文字列 {n} 個を制御トークンとして読み取りました: {names}</translation>
    </message>
    <message>
        <source>Treat as plain text</source>
        <translation>テキストとして扱う</translation>
    </message>
    <message>
        <source>special-token strings kept as plain text: {names}</source>
        <translation>特殊トークン文字列をテキストのまま扱っています: {names}</translation>
    </message>
    <message>
        <source>Recognise special tokens</source>
        <translation>特殊トークンを認識する</translation>
    </message>
</context>
<context>
    <name>StepControls</name>
    <message>
        <source>½ step/s</source>
        <translation>毎秒 ½ ステップ</translation>
    </message>
    <message>
        <source>1 step/s</source>
        <translation>毎秒 1 ステップ</translation>
    </message>
    <message>
        <source>2 steps/s</source>
        <translation>毎秒 2 ステップ</translation>
    </message>
    <message>
        <source>4 steps/s</source>
        <translation>毎秒 4 ステップ</translation>
    </message>
    <message>
        <source>10 steps/s</source>
        <translation>毎秒 10 ステップ</translation>
    </message>
    <message>
        <source>30 steps/s</source>
        <translation>毎秒 30 ステップ</translation>
    </message>
    <message>
        <source>To the start (Home)</source>
        <translation>最初へ（Home）</translation>
    </message>
    <message>
        <source>One step back (←)</source>
        <translation>1 ステップ戻る（←）</translation>
    </message>
    <message>
        <source>Play / pause (space)</source>
        <translation>再生 / 一時停止（スペース）</translation>
    </message>
    <message>
        <source>One step forward (→)</source>
        <translation>1 ステップ進む（→）</translation>
    </message>
    <message>
        <source>To the end (End)</source>
        <translation>最後へ（End）</translation>
    </message>
    <message>
        <source>Playing speed</source>
        <translation>再生速度</translation>
    </message>
    <message>
        <source>Scrub through all steps</source>
        <translation>ドラッグですべてのステップを移動</translation>
    </message>
    <message>
        <source>step {position} of {count}</source>
        <translation>ステップ {position} / {count}</translation>
    </message>
</context>
<context>
    <name>StudioPlots</name>
    <message>
        <source>Dev-set tokens per language, per merge</source>
        <translation>マージごとの言語別の開発セットのトークン数</translation>
    </message>
    <message>
        <source>dev tokens</source>
        <translation>開発セットのトークン数</translation>
    </message>
    <message>
        <source>Gini of the languages&apos; dev tokens, per merge</source>
        <translation>マージごとの言語間の開発セットトークン数のジニ係数</translation>
    </message>
    <message>
        <source>merges learned</source>
        <translation>学習したマージ数</translation>
    </message>
    <message>
        <source>Gini</source>
        <translation>ジニ</translation>
    </message>
    <message>
        <source>Choose a corpus with a dev split (or files with dev sets) and press Train: each language&apos;s dev tokens appear here as it trains.</source>
        <translation>開発セットのあるコーパス（または開発セット付きのファイル）を選んで「学習」を押すと、学習の進行に合わせて各言語の開発セットのトークン数がここに表示されます。</translation>
    </message>
    <message>
        <source>after {merge:,} merges: Gini {gini:.4f}; most tokens: {top}; fewest: {language} {tokens:,}</source>
        <translation>{merge:,} マージ後: ジニ {gini:.4f}。最多: {top}。最少: {language} {tokens:,}</translation>
    </message>
</context>
<context>
    <name>StudioView</name>
    <message>
        <source>Classic BPE (weighted languages)</source>
        <translation>通常の BPE（言語ごとの重み付き）</translation>
    </message>
    <message>
        <source>Parity-aware BPE — base</source>
        <translation>パリティ考慮 BPE — 基本</translation>
    </message>
    <message>
        <source>Parity-aware BPE — moving window</source>
        <translation>パリティ考慮 BPE — 移動窓</translation>
    </message>
    <message>
        <source>BPE Lens tokenizer (*.json)</source>
        <translation>BPE Lens トークナイザー (*.json)</translation>
    </message>
    <message>
        <source>Hugging Face tokenizer.json (*.json)</source>
        <translation>Hugging Face tokenizer.json (*.json)</translation>
    </message>
    <message>
        <source>tiktoken ranks (*.tiktoken)</source>
        <translation>tiktoken ランク (*.tiktoken)</translation>
    </message>
    <message>
        <source>Equal (every line weighs 1)</source>
        <translation>均等（各行の重み 1）</translation>
    </message>
    <message>
        <source>A weight per language</source>
        <translation>言語ごとの重み</translation>
    </message>
    <message>
        <source>Target byte shares p (each line 100000·p / B)</source>
        <translation>目標バイト割合 p（各行 100000·p / B）</translation>
    </message>
    <message>
        <source>Temperature sampling q ∝ (bytes share)^α</source>
        <translation>温度サンプリング q ∝ (バイト割合)^α</translation>
    </message>
    <message>
        <source>Sentences per language to train on (the first ones)</source>
        <translation>学習に使う言語ごとの文数（先頭から）</translation>
    </message>
    <message>
        <source>Sentences per language after those, for the dev set; the rest are kept for evaluation</source>
        <translation>その後に続く、開発セットに使う言語ごとの文数。残りは評価用に取っておきます</translation>
    </message>
    <message>
        <source>language</source>
        <translation>言語</translation>
    </message>
    <message>
        <source>train bytes</source>
        <translation>学習バイト数</translation>
    </message>
    <message>
        <source>weight</source>
        <translation>重み</translation>
    </message>
    <message>
        <source>ratio</source>
        <translation>比</translation>
    </message>
    <message>
        <source>byte share</source>
        <translation>バイト割合</translation>
    </message>
    <message>
        <source>All</source>
        <translation>すべて選択</translation>
    </message>
    <message>
        <source>None</source>
        <translation>すべて解除</translation>
    </message>
    <message>
        <source>α of q ∝ (n/Σn)^α: 1 keeps the data&apos;s proportions, 0.3 (XLM-R) flattens them</source>
        <translation>q ∝ (n/Σn)^α の α: 1 ならデータの比率のまま、0.3（XLM-R）なら比率を平らにします</translation>
    </message>
    <message>
        <source>Hybrid: the first N merges are chosen on the summed counts, as classic BPE</source>
        <translation>ハイブリッド: 最初の N 個のマージは通常の BPE と同じく合計頻度で選びます</translation>
    </message>
    <message>
        <source>Window variant: the last W merges</source>
        <translation>窓版: 直近 W 個のマージ</translation>
    </message>
    <message>
        <source>Window variant: a language may choose at most α/L of the last W merges</source>
        <translation>窓版: 1 つの言語が選べるのは直近 W 個のマージのうち最大 α/L まで</translation>
    </message>
    <message>
        <source>Balance on target compression ratios (no dev set)</source>
        <translation>目標圧縮率でバランスを取る（開発セットなし）</translation>
    </message>
    <message>
        <source>The language furthest below its target ratio chooses; set each ratio in the table (relative values matter)</source>
        <translation>目標比を最も下回っている言語が選びます。各言語の比は表で設定します（相対値が意味を持ちます）</translation>
    </message>
    <message>
        <source>Base tokens + merges + special tokens</source>
        <translation>基本トークン + マージ + 特殊トークン</translation>
    </message>
    <message>
        <source>bytes (256 base tokens)</source>
        <translation>バイト（基本トークン 256 個）</translation>
    </message>
    <message>
        <source>characters seen</source>
        <translation>出現した文字</translation>
    </message>
    <message>
        <source>none</source>
        <translation>なし</translation>
    </message>
    <message>
        <source>A pair seen fewer times is never merged (parity-aware: that language stops choosing)</source>
        <translation>出現回数がこれより少ないペアはマージしません（パリティ考慮: その言語は選ぶのをやめます）</translation>
    </message>
    <message>
        <source>smallest ids</source>
        <translation>最小のID</translation>
    </message>
    <message>
        <source>first occurrence</source>
        <translation>最初の出現</translation>
    </message>
    <message>
        <source>Classic BPE only; parity-aware BPE breaks ties by the largest (left, right) token text, as its reference does</source>
        <translation>通常の BPE のみ。パリティ考慮 BPE は参照実装と同じく、(左, 右) のトークンテキストが最大のものを選んで同点を解消します</translation>
    </message>
    <message>
        <source>Hugging Face&apos;s</source>
        <translation>Hugging Face 方式</translation>
    </message>
    <message>
        <source>by byte value (tiktoken)</source>
        <translation>バイト値の順（tiktoken）</translation>
    </message>
    <message>
        <source>none (e.g. &lt;/w&gt;)</source>
        <translation>なし（例: &lt;/w&gt;）</translation>
    </message>
    <message>
        <source>byte fallback &lt;0xNN&gt;</source>
        <translation>バイトフォールバック &lt;0xNN&gt;</translation>
    </message>
    <message>
        <source>comma-separated, e.g. &lt;|endoftext|&gt;</source>
        <translation>カンマ区切り。例: &lt;|endoftext|&gt;</translation>
    </message>
    <message>
        <source>Train</source>
        <translation>学習</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>キャンセル</translation>
    </message>
    <message>
        <source>Choose a corpus and press Train.</source>
        <translation>コーパスを選んで「学習」を押してください。</translation>
    </message>
    <message>
        <source>Every run is saved; earlier sessions&apos; runs are listed too</source>
        <translation>実行はすべて保存されます。以前のセッションの実行も一覧に表示されます</translation>
    </message>
    <message>
        <source>Open in main view</source>
        <translation>メインビューで開く</translation>
    </message>
    <message>
        <source>Compare…</source>
        <translation>比較…</translation>
    </message>
    <message>
        <source>Open the comparison on this corpus with this run and the other runs ticked</source>
        <translation>この実行と他の実行にチェックを入れた状態で、このコーパスの比較を開きます</translation>
    </message>
    <message>
        <source>Play back</source>
        <translation>再生</translation>
    </message>
    <message>
        <source>Export…</source>
        <translation>エクスポート…</translation>
    </message>
    <message>
        <source>Corpus</source>
        <translation>コーパス</translation>
    </message>
    <message>
        <source>train</source>
        <translation>学習</translation>
    </message>
    <message>
        <source>dev</source>
        <translation>開発</translation>
    </message>
    <message>
        <source>Split</source>
        <translation>分割</translation>
    </message>
    <message>
        <source>Languages</source>
        <translation>言語</translation>
    </message>
    <message>
        <source>Language weights (exact)</source>
        <translation>言語の重み（厳密）</translation>
    </message>
    <message>
        <source>Temperature α</source>
        <translation>温度 α</translation>
    </message>
    <message>
        <source>Algorithm</source>
        <translation>アルゴリズム</translation>
    </message>
    <message>
        <source>Global merges</source>
        <translation>全体マージ数</translation>
    </message>
    <message>
        <source>Window W</source>
        <translation>窓 W</translation>
    </message>
    <message>
        <source>Alpha</source>
        <translation>アルファ</translation>
    </message>
    <message>
        <source>Trainer</source>
        <translation>トレーナー</translation>
    </message>
    <message>
        <source>Vocabulary size</source>
        <translation>語彙サイズ</translation>
    </message>
    <message>
        <source>Level</source>
        <translation>単位</translation>
    </message>
    <message>
        <source>Pre-tokenizer</source>
        <translation>プリトークナイザー</translation>
    </message>
    <message>
        <source>Normalizer</source>
        <translation>正規化</translation>
    </message>
    <message>
        <source>Min frequency</source>
        <translation>最小頻度</translation>
    </message>
    <message>
        <source>Tie rule</source>
        <translation>同点時の規則</translation>
    </message>
    <message>
        <source>Base-id order</source>
        <translation>基本IDの順序</translation>
    </message>
    <message>
        <source>End-of-word marker</source>
        <translation>語末マーカー</translation>
    </message>
    <message>
        <source>Special tokens</source>
        <translation>特殊トークン</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>実行</translation>
    </message>
    <message>
        <source>Could not read the corpus: {error}</source>
        <translation>コーパスを読み込めませんでした: {error}</translation>
    </message>
    <message>
        <source>Could not export: {error}</source>
        <translation>エクスポートできませんでした: {error}</translation>
    </message>
    <message>
        <source>Open text files, one per language…</source>
        <translation>テキストファイルを開く（言語ごとに 1 つ）…</translation>
    </message>
    <message>
        <source>Text files, one per language (ja.txt, en.txt…)</source>
        <translation>テキストファイル（言語ごとに 1 つ: ja.txt、en.txt…）</translation>
    </message>
    <message>
        <source>Text files (*.txt);;All files (*)</source>
        <translation>テキストファイル (*.txt);;すべてのファイル (*)</translation>
    </message>
    <message>
        <source>Reading the corpus…</source>
        <translation>コーパスを読み込んでいます…</translation>
    </message>
    <message>
        <source>Press Train.</source>
        <translation>「学習」を押してください。</translation>
    </message>
    <message>
        <source>{name}: {rows:,} sentences in {languages} languages</source>
        <translation>{name}: {languages} 言語、{rows:,} 文</translation>
    </message>
    <message>
        <source>target share</source>
        <translation>目標割合</translation>
    </message>
    <message>
        <source>Each language&apos;s share of the weighted training bytes is in the table&apos;s last column; pair counts are Σ w·C, exact.</source>
        <translation>重み付き学習バイトに占める各言語の割合は表の最後の列にあります。ペアの頻度は Σ w·C で、厳密な値です。</translation>
    </message>
    <message>
        <source>Training {plan}…</source>
        <translation>{plan} を学習しています…</translation>
    </message>
    <message>
        <source>Cancelled; nothing was saved. The plots show how far it got.</source>
        <translation>キャンセルしました。何も保存されていません。グラフはどこまで進んだかを示しています。</translation>
    </message>
    <message>
        <source>Could not train: {error}</source>
        <translation>学習できませんでした: {error}</translation>
    </message>
    <message>
        <source>all merges learned</source>
        <translation>すべてのマージを学習した</translation>
    </message>
    <message>
        <source>the vocabulary size was reached</source>
        <translation>語彙サイズに達した</translation>
    </message>
    <message>
        <source>no language has a frequent enough pair left</source>
        <translation>十分な頻度のペアが残っている言語がない</translation>
    </message>
    <message>
        <source>no pair occurs often enough any more</source>
        <translation>十分な頻度で出現するペアがもうない</translation>
    </message>
    <message>
        <source>no pair is left</source>
        <translation>ペアが残っていない</translation>
    </message>
    <message>
        <source>Done ({reason}): {summary}. Saved as {name}.</source>
        <translation>完了（{reason}）: {summary}。{name} として保存しました。</translation>
    </message>
    <message>
        <source>{merges:,} merges in {seconds:.1f} s</source>
        <translation>{seconds:.1f} 秒で {merges:,} マージ</translation>
    </message>
    <message>
        <source>evaluation: {tokens:,} tokens, Gini {gini:.3f}</source>
        <translation>評価: {tokens:,} トークン、ジニ {gini:.3f}</translation>
    </message>
    <message>
        <source>dev Gini {first:.3f} → {last:.3f}</source>
        <translation>開発セットのジニ {first:.3f} → {last:.3f}</translation>
    </message>
    <message>
        <source>; </source>
        <translation> / </translation>
    </message>
    <message>
        <source>Exported to {path}.</source>
        <translation>{path} にエクスポートしました。</translation>
    </message>
    <message>
        <source>Export the tokenizer</source>
        <translation>トークナイザーのエクスポート</translation>
    </message>
    <message>
        <source>ratio {text}: expected a positive number</source>
        <translation>比 {text}: 正の数を指定してください</translation>
    </message>
</context>
<context>
    <name>TokenInfo</name>
    <message>
        <source>id {id} · {kind}</source>
        <translation>ID {id} · {kind}</translation>
    </message>
    <message>
        <source>text “{text}”</source>
        <translation>テキスト「{text}」</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>（なし）</translation>
    </message>
    <message>
        <source>bytes {hex} — ends inside a character</source>
        <translation>バイト列 {hex} — 文字の内部で終わる</translation>
    </message>
    <message>
        <source>bytes {hex}</source>
        <translation>バイト列 {hex}</translation>
    </message>
    <message>
        <source>vocabulary “{spelling}”</source>
        <translation>語彙での綴り「{spelling}」</translation>
    </message>
    <message>
        <source>merge rank {rank}</source>
        <translation>マージのランク {rank}</translation>
    </message>
    <message>
        <source>merged from “{left}” ({left_id}) + “{right}” ({right_id})</source>
        <translation>「{left}」({left_id}) + 「{right}」({right_id}) からマージ</translation>
    </message>
    <message>
        <source>bytes {byte_start}–{byte_end}, characters {char_start}–{char_end}</source>
        <translation>バイト位置 {byte_start}–{byte_end}、文字位置 {char_start}–{char_end}</translation>
    </message>
</context>
<context>
    <name>TokenKind</name>
    <message>
        <source>special</source>
        <translation>特殊</translation>
    </message>
    <message>
        <source>added</source>
        <translation>追加</translation>
    </message>
    <message>
        <source>byte</source>
        <translation>バイト</translation>
    </message>
    <message>
        <source>char</source>
        <translation>文字</translation>
    </message>
    <message>
        <source>merged</source>
        <translation>マージ</translation>
    </message>
    <message>
        <source>end_of_word</source>
        <translation>語末</translation>
    </message>
    <message>
        <source>byte_fallback</source>
        <translation>バイトフォールバック</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>unused</source>
        <translation>未使用</translation>
    </message>
    <message>
        <source>piece</source>
        <translation>ピース</translation>
    </message>
    <message>
        <source>word</source>
        <translation>語頭</translation>
    </message>
    <message>
        <source>continuation</source>
        <translation>継続</translation>
    </message>
</context>
<context>
    <name>TokenMenu</name>
    <message>
        <source>How is this token built? (merge tree)</source>
        <translation>このトークンの作られ方（マージの木）</translation>
    </message>
</context>
<context>
    <name>TokenizerFiles</name>
    <message>
        <source>Tokenizers (*.json *.tiktoken *.bpe *.model *.txt);;SentencePiece models (*.model);;All files (*)</source>
        <translation>トークナイザー (*.json *.tiktoken *.bpe *.model *.txt);;SentencePiece モデル (*.model);;すべてのファイル (*)</translation>
    </message>
    <message>
        <source>Text (*.txt *.md);;All files (*)</source>
        <translation>テキスト (*.txt *.md);;すべてのファイル (*)</translation>
    </message>
    <message>
        <source>Cannot read {path}: {error}</source>
        <translation>{path} を読み込めません: {error}</translation>
    </message>
    <message>
        <source>{name} is not UTF-8 text (byte {position} is 0x{byte:02X}); the text was left as it is</source>
        <translation>{name} は UTF-8 テキストではありません（{position} バイト目が 0x{byte:02X}）。テキストは元のままです</translation>
    </message>
</context>
<context>
    <name>TokenizerPicker</name>
    <message>
        <source>Bundled demos</source>
        <translation>同梱デモ</translation>
    </message>
    <message>
        <source>Opened</source>
        <translation>開いたファイル</translation>
    </message>
    <message>
        <source>Hugging Face cache</source>
        <translation>Hugging Face キャッシュ</translation>
    </message>
    <message>
        <source>tiktoken cache</source>
        <translation>tiktoken キャッシュ</translation>
    </message>
    <message>
        <source>Recent files</source>
        <translation>最近使ったファイル</translation>
    </message>
</context>
<context>
    <name>TrainingView</name>
    <message>
        <source>Reading {name}…</source>
        <translation>{name} を読み込んでいます…</translation>
    </message>
    <message>
        <source>Training: {done:,} of {total:,} merges…</source>
        <translation>学習中: {total:,} マージ中 {done:,}…</translation>
    </message>
    <message>
        <source>Counting pairs…</source>
        <translation>ペアを数えています…</translation>
    </message>
    <message>
        <source>Opening {name}…</source>
        <translation>{name} を開いています…</translation>
    </message>
    <message>
        <source>A text file…</source>
        <translation>テキストファイル…</translation>
    </message>
    <message>
        <source>A tokenizer trained with --trace-top…</source>
        <translation>--trace-top で学習したトークナイザー…</translation>
    </message>
    <message>
        <source>Train</source>
        <translation>学習</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>キャンセル</translation>
    </message>
    <message>
        <source>Choose a corpus and press Train.</source>
        <translation>コーパスを選んで「学習」を押してください。</translation>
    </message>
    <message>
        <source>pair</source>
        <translation>ペア</translation>
    </message>
    <message>
        <source>count</source>
        <translation>頻度</translation>
    </message>
    <message>
        <source>Top pair counts at this merge</source>
        <translation>このマージ時点の上位ペアの頻度</translation>
    </message>
    <message>
        <source>Vocabulary learned so far</source>
        <translation>ここまでに学習した語彙</translation>
    </message>
    <message>
        <source>Corpus</source>
        <translation>コーパス</translation>
    </message>
    <message>
        <source>Count of the chosen pair, per merge</source>
        <translation>マージごとの選ばれたペアの頻度</translation>
    </message>
    <message>
        <source>merge</source>
        <translation>マージ</translation>
    </message>
    <message>
        <source>Corpus length in tokens, per merge</source>
        <translation>マージごとのコーパスの長さ（トークン数）</translation>
    </message>
    <message>
        <source>merges learned</source>
        <translation>学習したマージ数</translation>
    </message>
    <message>
        <source>tokens</source>
        <translation>トークン数</translation>
    </message>
    <message>
        <source>Train on a text file</source>
        <translation>テキストファイルで学習</translation>
    </message>
    <message>
        <source>Text files (*.txt);;All files (*)</source>
        <translation>テキストファイル (*.txt);;すべてのファイル (*)</translation>
    </message>
    <message>
        <source>Open a tokenizer trained with --trace-top</source>
        <translation>--trace-top で学習したトークナイザーを開く</translation>
    </message>
    <message>
        <source>BPE Lens (*.json)</source>
        <translation>BPE Lens (*.json)</translation>
    </message>
    <message>
        <source>Training on {name}…</source>
        <translation>{name} で学習しています…</translation>
    </message>
    <message>
        <source>Training cancelled; the last playback stays.</source>
        <translation>学習をキャンセルしました。直前の再生はそのまま残ります。</translation>
    </message>
    <message>
        <source>Could not train: {error}</source>
        <translation>学習できませんでした: {error}</translation>
    </message>
    <message>
        <source>the vocabulary size was reached</source>
        <translation>語彙サイズに達した</translation>
    </message>
    <message>
        <source>every merge asked for was learned</source>
        <translation>指定したすべてのマージを学習した</translation>
    </message>
    <message>
        <source>no language has a frequent enough pair left</source>
        <translation>十分な頻度のペアが残っている言語がない</translation>
    </message>
    <message>
        <source>no pair occurs often enough any more</source>
        <translation>十分な頻度で出現するペアがもうない</translation>
    </message>
    <message>
        <source>no pair is left</source>
        <translation>ペアが残っていない</translation>
    </message>
    <message>
        <source>{name}: {steps} merges; training stopped because {reason}.</source>
        <translation>{name}: {steps} マージ。学習が止まった理由: {reason}。</translation>
    </message>
    <message>
        <source>Trained</source>
        <translation>学習済み</translation>
    </message>
    <message>
        <source>Start: the corpus as {base} base symbols. {steps} merges to play; → learns the first.</source>
        <translation>開始: コーパスは {base} 種類の基本記号でできています。再生するマージは {steps} 個。→ で最初のマージを学習します。</translation>
    </message>
    <message>
        <source> The corpus is {n:,.0f} tokens now.</source>
        <translation> 現在のコーパスは {n:,.0f} トークンです。</translation>
    </message>
    <message>
        <source>, chosen by {chooser}</source>
        <translation>、選んだのは {chooser}</translation>
    </message>
    <message>
        <source>Merge {step} of {steps} (rank {rank}): ({left}, {right}) → {new} — new id {id}, seen {count} times{by}.</source>
        <translation>マージ {step} / {steps}（ランク {rank}）: ({left}, {right}) → {new} — 新しいID {id}、出現 {count} 回{by}。</translation>
    </message>
    <message>
        <source>Vocabulary learned so far: {learned} of {steps} merges (+{base} base)</source>
        <translation>ここまでに学習した語彙: {steps} マージ中 {learned}（+ 基本 {base}）</translation>
    </message>
    <message>
        <source>Training by language keeps no pair counts</source>
        <translation>言語別の学習ではペアの頻度は記録されません</translation>
    </message>
    <message>
        <source>This record has no pair counts (train with --trace-top K)</source>
        <translation>この記録にはペアの頻度がありません（--trace-top K で学習してください）</translation>
    </message>
    <message>
        <source>Training is over: no merge after this one</source>
        <translation>学習終了: この後にマージはありません</translation>
    </message>
    <message>
        <source>Pair counts now — the top one becomes merge {n}</source>
        <translation>現在のペアの頻度 — 最上位がマージ {n} になります</translation>
    </message>
    <message>
        <source>{title}; {rule}</source>
        <translation>{title}。{rule}</translation>
    </message>
    <message>
        <source>merged next</source>
        <translation>次にマージ</translation>
    </message>
    <message>
        <source>tied: the tie rule passed it over</source>
        <translation>同点: 同点時の規則で見送られた</translation>
    </message>
</context>
<context>
    <name>Views</name>
    <message>
        <source>Layers: characters · bytes · pieces · tokens</source>
        <translation>レイヤー: 文字 · バイト · ピース · トークン</translation>
    </message>
    <message>
        <source>Layers</source>
        <translation>レイヤー</translation>
    </message>
    <message>
        <source>As the tokenizer cuts it</source>
        <translation>トークナイザーによる分割</translation>
    </message>
    <message>
        <source>Merge playback: every merge of this text, step by step</source>
        <translation>マージの再生: このテキストのすべてのマージを 1 ステップずつ</translation>
    </message>
    <message>
        <source>Merge playback</source>
        <translation>マージの再生</translation>
    </message>
    <message>
        <source>Training playback: train on a corpus, then step through its merges</source>
        <translation>学習の再生: コーパスで学習し、そのマージを 1 ステップずつたどります</translation>
    </message>
    <message>
        <source>Training playback</source>
        <translation>学習の再生</translation>
    </message>
    <message>
        <source>Compare languages</source>
        <translation>言語の比較</translation>
    </message>
    <message>
        <source>Training studio</source>
        <translation>学習スタジオ</translation>
    </message>
    <message>
        <source>Debugging kit</source>
        <translation>デバッグキット</translation>
    </message>
</context>
</TS>
