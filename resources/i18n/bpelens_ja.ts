<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ja" sourcelanguage="en">
<context>
    <name>AnimationDialog</name>
    <message>
        <source>Export the playback</source>
        <translation>再生のエクスポート</translation>
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
        <source> px</source>
        <translation> px</translation>
    </message>
    <message>
        <source> steps/s</source>
        <translation> ステップ/秒</translation>
    </message>
    <message>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <source>Animated GIF</source>
        <translation>アニメーション GIF</translation>
    </message>
    <message>
        <source>Animated PNG (APNG)</source>
        <translation>アニメーション PNG（APNG）</translation>
    </message>
    <message>
        <source>Numbered PNG frames in a folder</source>
        <translation>フォルダーに連番 PNG フレーム</translation>
    </message>
    <message>
        <source>Play</source>
        <translation>再生する順序</translation>
    </message>
    <message>
        <source>Piece</source>
        <translation>ピース</translation>
    </message>
    <message>
        <source>Width</source>
        <translation>幅</translation>
    </message>
    <message>
        <source>Scale</source>
        <translation>倍率</translation>
    </message>
    <message>
        <source>Speed</source>
        <translation>速さ</translation>
    </message>
    <message>
        <source>First frame stays</source>
        <translation>最初のフレームの表示時間</translation>
    </message>
    <message>
        <source>Last frame stays</source>
        <translation>最後のフレームの表示時間</translation>
    </message>
    <message>
        <source>Format</source>
        <translation>形式</translation>
    </message>
    <message>
        <source>frames {width} px wide</source>
        <translation>フレームの幅 {width} px</translation>
    </message>
</context>
<context>
    <name>AuditClass</name>
    <message>
        <source>reachable</source>
        <translation>到達可能</translation>
    </message>
    <message>
        <source>whole piece only</source>
        <translation>ピース全体のときのみ</translation>
    </message>
    <message>
        <source>in context</source>
        <translation>文脈内のみ</translation>
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
    <message>
        <source>in {witness}: {pieces}</source>
        <translation>{witness} の中では: {pieces}</translation>
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
        <source>but in {witness} it comes out: {pieces}</source>
        <translation>ただし {witness} の中では出現します: {pieces}</translation>
    </message>
    <message>
        <source>no text tried contains it ({n:,} tried: its text inside the tokens that hold it, after and before the shortest tokens)</source>
        <translation>試したどのテキストにも現れません（{n:,} 通りを試行: それを含むトークンの中に置いたテキスト、最短のトークンの後ろと前に付けたテキスト）</translation>
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
    <name>BoundaryPage</name>
    <message>
        <source>what the model would write next (optional)</source>
        <translation>モデルが次に書く内容（省略可）</translation>
    </message>
    <message>
        <source>Check the end</source>
        <translation>末尾を調べる</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>キャンセル</translation>
    </message>
    <message>
        <source>Every token of the vocabulary is tried as the next token: how many of the prompt&apos;s last tokens does it change?</source>
        <translation>語彙のすべてのトークンを次のトークンとして試します: プロンプト末尾のトークンがいくつ変わるでしょうか？</translation>
    </message>
    <message>
        <source>Prompt</source>
        <translation>プロンプト</translation>
    </message>
    <message>
        <source>Continuation</source>
        <translation>続き</translation>
    </message>
    <message>
        <source>Prompt end</source>
        <translation>プロンプト末尾</translation>
    </message>
    <message>
        <source>Could not check: {error}</source>
        <translation>調べられませんでした: {error}</translation>
    </message>
    <message>
        <source>trying every token as the next one: {percent:.0%}</source>
        <translation>すべてのトークンを次のトークンとして試しています: {percent:.0%}</translation>
    </message>
    <message>
        <source>{tried:,} next tokens tried; back off {n} token(s) to heal</source>
        <translation>次のトークンを {tried:,} 個試しました。トークンヒーリングには {n} トークン戻します</translation>
    </message>
    <message>
        <source>The prompt&apos;s last tokens: {tokens}</source>
        <translation>プロンプトの末尾のトークン: {tokens}</translation>
    </message>
    <message>
        <source>Token healing: remove the last {n} token(s) ({removed}) and let the first generated token start with {prefix}.</source>
        <translation>トークンヒーリング: 末尾の {n} トークン（{removed}）を取り除き、最初に生成するトークンを {prefix} で始めさせます。</translation>
    </message>
    <message>
        <source>{count:,} change {k}</source>
        <translation>{count:,} 個が {k} トークンを変える</translation>
    </message>
    <message>
        <source>Next tokens that change the prompt&apos;s last tokens: {counts}</source>
        <translation>プロンプト末尾のトークンを変える次のトークン: {counts}</translation>
    </message>
    <message>
        <source>No next token changes the prompt&apos;s ids: its end is a stable boundary.</source>
        <translation>プロンプトの ID を変える次のトークンはありません。末尾は安定した境界です。</translation>
    </message>
    <message>
        <source>{count:,} tokens continue {text} (its last {k} token(s)): {examples}</source>
        <translation>{count:,} 個のトークンが {text}（末尾の {k} トークン）の続きになります: {examples}</translation>
    </message>
    <message>
        <source>next {token}: the last {k} token(s) become {ids}</source>
        <translation>次が {token} なら、末尾の {k} トークンは {ids} になります</translation>
    </message>
    <message>
        <source>Prompt + {text}: encoding the whole gives the prompt&apos;s ids followed by the continuation&apos;s.</source>
        <translation>プロンプト + {text}: 全体をエンコードすると、プロンプトの ID の後に続きの ID が並びます。</translation>
    </message>
    <message>
        <source>Prompt + {text}: from token {at} on, encoding the whole gives {canonical}, not {apart}.</source>
        <translation>プロンプト + {text}: トークン {at} 以降、全体をエンコードすると {apart} ではなく {canonical} になります。</translation>
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
    <name>CanonPage</name>
    <message>
        <source>a merge the encoding applies</source>
        <translation>エンコードが適用するマージ</translation>
    </message>
    <message>
        <source>a character&apos;s bytes split across tokens</source>
        <translation>トークンをまたいで分かれた文字のバイト</translation>
    </message>
    <message>
        <source>a special token spelled as text</source>
        <translation>テキストとして書かれた特殊トークン</translation>
    </message>
    <message>
        <source>cut otherwise</source>
        <translation>その他の区切りの違い</translation>
    </message>
    <message>
        <source>not UTF-8: the text differs</source>
        <translation>UTF-8 でない: テキストが異なる</translation>
    </message>
    <message>
        <source>token ids, e.g. 9906, 1917 (commas, spaces or a JSON list)</source>
        <translation>トークン ID、例: 9906, 1917（カンマ、空白、または JSON のリスト）</translation>
    </message>
    <message>
        <source>Check</source>
        <translation>検査</translation>
    </message>
    <message>
        <source>Example</source>
        <translation>例</translation>
    </message>
    <message>
        <source>ids of “Hello world” encoded a character at a time: not what encoding the text gives</source>
        <translation>“Hello world” を 1 文字ずつエンコードした ID: テキストをエンコードした結果とは異なります</translation>
    </message>
    <message>
        <source>Open JSONL…</source>
        <translation>JSONL を開く…</translation>
    </message>
    <message>
        <source>rows of {&quot;ids&quot;: […]} or {&quot;prompt_ids&quot;: […], &quot;completion_ids&quot;: […]}, one per line</source>
        <translation>{&quot;ids&quot;: […]} または {&quot;prompt_ids&quot;: […], &quot;completion_ids&quot;: […]} の行（1 行に 1 つ）</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>キャンセル</translation>
    </message>
    <message>
        <source>Are these ids what encoding their own text gives? Decode, encode again, compare span by span.</source>
        <translation>これらの ID は、そのテキストをエンコードした結果と一致するでしょうか？ デコードし、再びエンコードして、区間ごとに比べます。</translation>
    </message>
    <message>
        <source>line</source>
        <translation>行</translation>
    </message>
    <message>
        <source>tokens</source>
        <translation>トークン</translation>
    </message>
    <message>
        <source>spans</source>
        <translation>区間</translation>
    </message>
    <message>
        <source>reasons</source>
        <translation>理由</translation>
    </message>
    <message>
        <source>The decoded text, each span that is not canonical marked, and why.</source>
        <translation>デコードしたテキスト。正準でない区間に印を付け、その理由を示します。</translation>
    </message>
    <message>
        <source>Ids</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>Canonical?</source>
        <translation>正準か？</translation>
    </message>
    <message>
        <source>Could not check: {error}</source>
        <translation>検査できませんでした: {error}</translation>
    </message>
    <message>
        <source>{word!r} is not a token id (a whole number)</source>
        <translation>{word!r} はトークン ID（整数）ではありません</translation>
    </message>
    <message>
        <source>Rows of ids to check</source>
        <translation>検査する ID の行</translation>
    </message>
    <message>
        <source>JSON lines (*.jsonl *.json);;All files (*)</source>
        <translation>JSON Lines (*.jsonl *.json);;すべてのファイル (*)</translation>
    </message>
    <message>
        <source>line {line:,}: {bad:,} of {rows:,} rows not canonical</source>
        <translation>{line:,} 行目: {rows:,} 行中 {bad:,} 行が非正準</translation>
    </message>
    <message>
        <source>Canonical: encoding the text gives these ids.</source>
        <translation>正準: テキストをエンコードするとこれらの ID になります。</translation>
    </message>
    <message>
        <source>Not canonical: {n:,} spans differ from encoding the text ({canonical:,} ids instead of {given:,}).</source>
        <translation>非正準: {n:,} 個の区間がテキストのエンコード結果と異なります（ID は {given:,} 個ではなく {canonical:,} 個）。</translation>
    </message>
    <message>
        <source>, </source>
        <translation>、</translation>
    </message>
    <message>
        <source>{path}: {bad:,} of {rows:,} rows not canonical ({share:.2%}), {tokens:,} tokens; spans: {why}</source>
        <translation>{path}: {rows:,} 行中 {bad:,} 行が非正準（{share:.2%}）、{tokens:,} トークン。区間: {why}</translation>
    </message>
    <message>
        <source>Every row is canonical.</source>
        <translation>すべての行が正準です。</translation>
    </message>
    <message>
        <source>Canonical: encoding this text gives exactly these ids.</source>
        <translation>正準: このテキストをエンコードすると、ちょうどこれらの ID になります。</translation>
    </message>
    <message>
        <source>ids {start}–{end}: {reason} — given {given}; encoding gives {canonical}</source>
        <translation>ID {start}–{end}: {reason} — 与えられた ID {given}、エンコード結果 {canonical}</translation>
    </message>
</context>
<context>
    <name>ChatMessages</name>
    <message>
        <source>line {line}, column {column}: {reason}</source>
        <translation>{line} 行 {column} 列: {reason}</translation>
    </message>
    <message>
        <source>a lone surrogate ({code}) is not text</source>
        <translation>対になっていないサロゲート（{code}）はテキストではありません</translation>
    </message>
</context>
<context>
    <name>ChatView</name>
    <message>
        <source>Edit the template</source>
        <translation>テンプレートを編集</translation>
    </message>
    <message>
        <source>Add the generation prompt</source>
        <translation>生成プロンプトを付ける</translation>
    </message>
    <message>
        <source>End with the start of the assistant&apos;s turn, as when the model is asked to answer</source>
        <translation>モデルに答えさせるときのように、assistant の番の始まりで終える</translation>
    </message>
    <message>
        <source>Open…</source>
        <translation>開く…</translation>
    </message>
    <message>
        <source>Open a conversation (JSON, as bpelens chat --messages reads)</source>
        <translation>会話を開く（JSON。bpelens chat --messages と同じ形）</translation>
    </message>
    <message>
        <source>Save…</source>
        <translation>保存…</translation>
    </message>
    <message>
        <source>Save the conversation as JSON</source>
        <translation>会話を JSON で保存</translation>
    </message>
    <message>
        <source>Show in the main view</source>
        <translation>メインビューで見る</translation>
    </message>
    <message>
        <source>Put the rendered text in the text box, to see its layers and merges</source>
        <translation>展開したテキストを入力欄に入れ、レイヤーとマージを見る</translation>
    </message>
    <message>
        <source>A Jinja2 chat template</source>
        <translation>Jinja2 のチャットテンプレート</translation>
    </message>
    <message>
        <source>Each token has its own background; special tokens are bold on purple; the template&apos;s own text is in italics.</source>
        <translation>トークンごとに背景色が変わります。特殊トークンは紫地の太字、テンプレートが足したテキストは斜体です。</translation>
    </message>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>role</source>
        <translation>ロール</translation>
    </message>
    <message>
        <source>tokens</source>
        <translation>トークン</translation>
    </message>
    <message>
        <source>text</source>
        <translation>テキスト</translation>
    </message>
    <message>
        <source>Template</source>
        <translation>テンプレート</translation>
    </message>
    <message>
        <source>Its chat templates could not be read: {error}.</source>
        <translation>チャットテンプレートを読めませんでした: {error}。</translation>
    </message>
    <message>
        <source>{name} (generic)</source>
        <translation>{name}（汎用）</translation>
    </message>
    <message>
        <source>edited</source>
        <translation>編集したもの</translation>
    </message>
    <message>
        <source>Your edit of a template (kept until you edit another).</source>
        <translation>あなたが編集したテンプレート（別のものを編集するまで保持）。</translation>
    </message>
    <message>
        <source>A generic template, not this model&apos;s own.</source>
        <translation>汎用のテンプレートで、このモデル自身のものではありません。</translation>
    </message>
    <message>
        <source>This tokenizer came with no chat template (none in its file, no tokenizer_config.json or chat_template.jinja beside it): the generic ChatML template shows what one costs.</source>
        <translation>このトークナイザーにはチャットテンプレートがありません（ファイル内にも、隣の tokenizer_config.json や chat_template.jinja にもない）。汎用の ChatML テンプレートでそのコストを示します。</translation>
    </message>
    <message>
        <source>The model&apos;s template “{name}”, from {source}</source>
        <translation>モデルのテンプレート「{name}」（{source} から）</translation>
    </message>
    <message>
        <source>Not a conversation: {reason}</source>
        <translation>会話ではありません: {reason}</translation>
    </message>
    <message>
        <source>Could not render: {error}</source>
        <translation>展開できませんでした: {error}</translation>
    </message>
    <message>
        <source>Appending turn by turn gives these ids: each of the {n} steps extends the one before, text and ids.</source>
        <translation>ターンごとに追加しても同じ ID になります: {n} 段階のどれも、テキストも ID も一つ前を延長しています。</translation>
    </message>
    <message>
        <source>messages 1–{a} + the generation prompt → 1–{b}</source>
        <translation>メッセージ 1–{a} + 生成プロンプト → 1–{b}</translation>
    </message>
    <message>
        <source>messages 1–{a} → 1–{b}</source>
        <translation>メッセージ 1–{a} → 1–{b}</translation>
    </message>
    <message>
        <source>the text differs from character {at}</source>
        <translation>テキストが {at} 文字目から異なります</translation>
    </message>
    <message>
        <source>the text extends, but the tokens at the seam change from token {at}</source>
        <translation>テキストは延長されていますが、継ぎ目のトークンが {at} 番目のトークンから変わります</translation>
    </message>
    <message>
        <source>Appending turn by turn gives other ids: {failures} of {n} steps break, first {step}: {why}.</source>
        <translation>ターンごとに追加すると別の ID になります: {n} 段階のうち {failures} 段階が崩れます。最初は {step}: {why}。</translation>
    </message>
    <message>
        <source>before: {before}
after: {after}</source>
        <translation>前: {before}
後: {after}</translation>
    </message>
    <message>
        <source>{total:,} tokens: the template adds {overhead:,} ({share:.0f} %); the messages: {roles}</source>
        <translation>{total:,} トークン: テンプレートが足した分 {overhead:,}（{share:.0f} %）、メッセージ: {roles}</translation>
    </message>
    <message>
        <source>(its markers are not special tokens of this tokenizer, so they are cut as text)</source>
        <translation>（その目印はこのトークナイザーの特殊トークンではないため、テキストとして分割されます）</translation>
    </message>
    <message>
        <source>(not in the rendered text)</source>
        <translation>（展開したテキストにない）</translation>
    </message>
    <message>
        <source>template</source>
        <translation>テンプレート</translation>
    </message>
    <message>
        <source>special tokens and the text the template adds</source>
        <translation>特殊トークンとテンプレートが足したテキスト</translation>
    </message>
    <message>
        <source>in all</source>
        <translation>合計</translation>
    </message>
    <message>
        <source>Open a conversation</source>
        <translation>会話を開く</translation>
    </message>
    <message>
        <source>JSON (*.json);;All files (*)</source>
        <translation>JSON (*.json);;すべてのファイル (*)</translation>
    </message>
    <message>
        <source>{path}: not a conversation ({reason})</source>
        <translation>{path}: 会話ではありません（{reason}）</translation>
    </message>
    <message>
        <source>Save the conversation</source>
        <translation>会話を保存</translation>
    </message>
    <message>
        <source>JSON (*.json)</source>
        <translation>JSON (*.json)</translation>
    </message>
    <message>
        <source>{path}: could not save ({reason})</source>
        <translation>{path}: 保存できませんでした（{reason}）</translation>
    </message>
</context>
<context>
    <name>ChurnPage</name>
    <message>
        <source>typos</source>
        <translation>タイプミス</translation>
    </message>
    <message>
        <source>strip diacritics</source>
        <translation>発音区別符号を除去</translation>
    </message>
    <message>
        <source>add diacritics</source>
        <translation>発音区別符号を付加</translation>
    </message>
    <message>
        <source>NFD</source>
        <translation>NFD（分解）</translation>
    </message>
    <message>
        <source>NFC (from NFD)</source>
        <translation>NFC（NFD から）</translation>
    </message>
    <message>
        <source>homoglyphs</source>
        <translation>ホモグリフ</translation>
    </message>
    <message>
        <source>zero-width</source>
        <translation>ゼロ幅文字</translation>
    </message>
    <message>
        <source>full-width</source>
        <translation>全角</translation>
    </message>
    <message>
        <source>OCR</source>
        <translation>OCR 誤認識</translation>
    </message>
    <message>
        <source>in rate of the words, two adjacent letters swapped, one dropped or one doubled</source>
        <translation>単語のうち変更率の割合で、隣り合う 2 文字を入れ替え、1 文字を削除、または 1 文字を重複</translation>
    </message>
    <message>
        <source>every nonspacing mark dropped (in Devanagari, Thai or Hebrew vowel signs too)</source>
        <translation>非スペーシングマークをすべて削除（デーヴァナーガリー、タイ文字、ヘブライ文字の母音記号も）</translation>
    </message>
    <message>
        <source>rate of the ASCII vowels get an acute, grave, circumflex or diaeresis</source>
        <translation>ASCII の母音のうち変更率の割合に、アキュート、グレーブ、サーカムフレックス、ダイエレシスのいずれかを付加</translation>
    </message>
    <message>
        <source>the text decomposed (NFD)</source>
        <translation>テキストを分解（NFD）</translation>
    </message>
    <message>
        <source>measured from each line&apos;s NFD form to its NFC form</source>
        <translation>各行の NFD 形から NFC 形への変化を測定</translation>
    </message>
    <message>
        <source>rate of the Latin letters that have a Cyrillic or Greek look-alike become it</source>
        <translation>キリル文字かギリシャ文字に似た字があるラテン文字のうち、変更率の割合をその字に置換</translation>
    </message>
    <message>
        <source>in rate of the words, a zero-width character between two letters</source>
        <translation>単語のうち変更率の割合で、2 文字の間にゼロ幅文字を挿入</translation>
    </message>
    <message>
        <source>rate of the runs of printable ASCII become full-width forms</source>
        <translation>印字可能な ASCII の連なりのうち、変更率の割合を全角形に置換</translation>
    </message>
    <message>
        <source>rate of the places an OCR confusion fits get it (rn → m, l → 1, O → 0 …)</source>
        <translation>OCR の誤認識が当てはまる箇所のうち、変更率の割合に誤認識を適用（rn → m、l → 1、O → 0 …）</translation>
    </message>
    <message>
        <source>the share of eligible places a rate-based kind changes (at least one in a line that has any)</source>
        <translation>率に基づく種類が変更する、対象箇所の割合（対象箇所のある行では最低 1 か所）</translation>
    </message>
    <message>
        <source>all</source>
        <translation>すべて</translation>
    </message>
    <message>
        <source>the first sentences every language has (a text file: its first lines)</source>
        <translation>すべての言語にある先頭の文（テキストファイルでは先頭の行）</translation>
    </message>
    <message>
        <source>Measure</source>
        <translation>測定</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>キャンセル</translation>
    </message>
    <message>
        <source>Perturb every line lightly and count the tokens that change: a tokenizer that churns under typos or Unicode variants gives the model different ids for nearly the same text.</source>
        <translation>各行をわずかに摂動させ、変わったトークンを数えます: タイプミスや Unicode の異形で揺らぐトークナイザーは、ほぼ同じテキストに対してモデルに異なる ID を渡します。</translation>
    </message>
    <message>
        <source>Click a cell: its lines that changed most, original and perturbed, with both cuts.</source>
        <translation>セルをクリックすると、最も変化した行を、元の行と摂動後の行の両方の分割付きで表示します。</translation>
    </message>
    <message>
        <source>Corpus</source>
        <translation>コーパス</translation>
    </message>
    <message>
        <source>Rate</source>
        <translation>変更率</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>シード</translation>
    </message>
    <message>
        <source>Lines per language</source>
        <translation>言語あたりの行数</translation>
    </message>
    <message>
        <source>Churn</source>
        <translation>揺らぎ</translation>
    </message>
    <message>
        <source>Could not measure: {error}</source>
        <translation>測定できませんでした: {error}</translation>
    </message>
    <message>
        <source>Cancelled: nothing measured.</source>
        <translation>キャンセルしました: 何も測定していません。</translation>
    </message>
    <message>
        <source>Choose at least one perturbation.</source>
        <translation>摂動を 1 つ以上選んでください。</translation>
    </message>
    <message>
        <source>Reading the corpus…</source>
        <translation>コーパスを読み込んでいます…</translation>
    </message>
    <message>
        <source>Perturbing and encoding {lines:,} lines: {percent:.0%}</source>
        <translation>{lines:,} 行を摂動させてエンコードしています: {percent:.0%}</translation>
    </message>
    <message>
        <source>{corpus}: {lines:,} lines</source>
        <translation>{corpus}: {lines:,} 行</translation>
    </message>
    <message>
        <source>{corpus}: {lines:,} lines in {languages} languages</source>
        <translation>{corpus}: {languages} 言語で {lines:,} 行</translation>
    </message>
    <message>
        <source>{where}; rate {rate:g}, seed {seed}. Click a cell for its worst lines.</source>
        <translation>{where}。変更率 {rate:g}、シード {seed}。セルをクリックすると最も変化した行を表示します。</translation>
    </message>
    <message>
        <source>Each cell: the share of tokens changed · the edit distance per 100 tokens. The hotter the colour, the more tokens changed.</source>
        <translation>各セル: 変わったトークンの割合 · 100 トークンあたりの編集距離。色が熱いほど多くのトークンが変わっています。</translation>
    </message>
    <message>
        <source>all languages</source>
        <translation>全言語</translation>
    </message>
    <message>
        <source>{kind} on {where}: {changed:,} of {before:,} tokens changed ({share:.2%}); edit distance {distance:,} ({per100:.2f} per 100 tokens); {perturbed:,} of {lines:,} lines perturbed, {churned:,} with other ids</source>
        <translation>{where} の {kind}: {before:,} トークン中 {changed:,} が変化（{share:.2%}）。編集距離 {distance:,}（100 トークンあたり {per100:.2f}）。{lines:,} 行中 {perturbed:,} 行を摂動し、{churned:,} 行で ID が変化</translation>
    </message>
    <message>
        <source>{kind} on {where}: the lines that changed most</source>
        <translation>{where} の {kind}: 最も変化した行</translation>
    </message>
    <message>
        <source>No line&apos;s tokens changed.</source>
        <translation>トークンが変わった行はありません。</translation>
    </message>
    <message>
        <source>original</source>
        <translation>元のテキスト</translation>
    </message>
    <message>
        <source>perturbed</source>
        <translation>摂動後</translation>
    </message>
    <message>
        <source>line {line}: edit distance {distance}, {changed} token(s) changed</source>
        <translation>{line} 行目: 編集距離 {distance}、{changed} トークンが変化</translation>
    </message>
</context>
<context>
    <name>Cli</name>
    <message>
        <source>choose a command: {commands}</source>
        <translation>コマンドを選んでください: {commands}</translation>
    </message>
    <message>
        <source>{word} is not a command</source>
        <translation>{word} はコマンドではありません</translation>
    </message>
    <message>
        <source>; did you mean {guess}?</source>
        <translation>。{guess} のことですか？</translation>
    </message>
    <message>
        <source> (commands: {commands})</source>
        <translation>（コマンド: {commands}）</translation>
    </message>
    <message>
        <source>; to open it in the app: bpelens --tokenizer {word}</source>
        <translation>。アプリで開くには: bpelens --tokenizer {word}</translation>
    </message>
    <message>
        <source> (see bpelens --help)</source>
        <translation>（bpelens --help を参照）</translation>
    </message>
    <message>
        <source>--lang: give a language ({choices})</source>
        <translation>--lang: 言語を指定してください（{choices}）</translation>
    </message>
    <message>
        <source>--lang {value}: choose one of {choices}</source>
        <translation>--lang {value}: {choices} のいずれかを選んでください</translation>
    </message>
    <message>
        <source>--jobs {value}: expected 0 (one per core) or more</source>
        <translation>--jobs {value}: 0（コアごとに 1 つ）以上の数が必要です</translation>
    </message>
    <message>
        <source>-t {tokenizer} is given twice; name each tokenizer once</source>
        <translation>-t {tokenizer} が 2 回指定されています。各トークナイザーは 1 回だけ指定してください</translation>
    </message>
    <message>
        <source>--languages goes with --corpus; a --file&apos;s lines have no languages</source>
        <translation>--languages は --corpus と使います。--file の行には言語がありません</translation>
    </message>
    <message>
        <source>--kinds: give perturbations separated by commas; valid kinds: {kinds}</source>
        <translation>--kinds: 摂動をカンマ区切りで指定してください。有効な種類: {kinds}</translation>
    </message>
    <message>
        <source>--kinds {value}: {kind} is not a perturbation; valid kinds: {kinds}</source>
        <translation>--kinds {value}: {kind} は摂動ではありません。有効な種類: {kinds}</translation>
    </message>
    <message>
        <source>--lines {value}: expected 1 or more</source>
        <translation>--lines {value}: 1 以上を指定してください</translation>
    </message>
    <message>
        <source>--rate {value}: expected a share from 0 to 1</source>
        <translation>--rate {value}: 0 から 1 の割合を指定してください</translation>
    </message>
    <message>
        <source>--languages: give language codes separated by commas (en,ja,zh)</source>
        <translation>--languages: 言語コードをカンマ区切りで指定してください（en,ja,zh）</translation>
    </message>
    <message>
        <source>give the ids either as arguments or with --file, not both</source>
        <translation>ID は引数か --file のどちらか一方で指定してください（両方は不可）</translation>
    </message>
    <message>
        <source>the ids</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>no ids: give them as arguments (bpelens decode -t TOKENIZER 13 11), with --file or on standard input</source>
        <translation>ID がありません: 引数（bpelens decode -t TOKENIZER 13 11）、--file、または標準入力で指定してください</translation>
    </message>
    <message>
        <source>{word} (position {position}) is not a token id (a whole number): {ids}</source>
        <translation>{word}（位置 {position}）はトークン ID（整数）ではありません: {ids}</translation>
    </message>
    <message>
        <source>id {id} at position {position} is not in this tokenizer: {ids}</source>
        <translation>位置 {position} の ID {id} はこのトークナイザーにありません: {ids}</translation>
    </message>
    <message>
        <source>-t: give exactly two tokenizers to compare, not {count}</source>
        <translation>-t: 比べるトークナイザーはちょうど 2 つ指定してください（{count} 個ではなく）</translation>
    </message>
    <message>
        <source>--jsonl reads its lines from standard input or --file, not from TEXT</source>
        <translation>--jsonl は行を標準入力または --file から読みます。TEXT からは読みません</translation>
    </message>
    <message>
        <source>bpelens: warning: {warning}</source>
        <translation>bpelens: 警告: {warning}</translation>
    </message>
    <message>
        <source>bpelens: error: {message}</source>
        <translation>bpelens: エラー: {message}</translation>
    </message>
    <message>
        <source>{failed} of {total} lines could not be encoded (line {lines}); their output lines are error objects</source>
        <translation>{total} 行のうち {failed} 行をエンコードできませんでした（{lines} 行目）。それらの出力行はエラーオブジェクトです</translation>
    </message>
    <message>
        <source>the lines</source>
        <translation>行</translation>
    </message>
    <message>
        <source>--file {path}: cannot read it ({reason})</source>
        <translation>--file {path}: 読めません（{reason}）</translation>
    </message>
    <message>
        <source>standard output is closed: nothing could be written (send it somewhere, e.g. &gt; out.json or | less)</source>
        <translation>標準出力が閉じています: 何も書けません（&gt; out.json や | less などで出力先を指定してください）</translation>
    </message>
    <message>
        <source>cannot write the output ({reason})</source>
        <translation>出力を書けません（{reason}）</translation>
    </message>
    <message>
        <source>interrupted</source>
        <translation>中断されました</translation>
    </message>
    <message>
        <source>out of memory (try a shorter text, or --ids-only)</source>
        <translation>メモリが足りません（短いテキストか --ids-only を試してください）</translation>
    </message>
    <message>
        <source>internal error: {error}: {message} (at {where}; please report it — BPELENS_TRACEBACK=1 shows the traceback)</source>
        <translation>内部エラー: {error}: {message}（{where}。報告してください — BPELENS_TRACEBACK=1 でトレースバックを表示します）</translation>
    </message>
    <message>
        <source>{prog}: error: {message} (see {prog} --help)</source>
        <translation>{prog}: エラー: {message}（{prog} --help を参照）</translation>
    </message>
    <message>
        <source>-t {path}: no such file (give a BPE tokenizer.json)</source>
        <translation>-t {path}: ファイルがありません（BPE の tokenizer.json を指定してください）</translation>
    </message>
    <message>
        <source>--corpus {path}: no such file</source>
        <translation>--corpus {path}: ファイルがありません</translation>
    </message>
    <message>
        <source>--languages chooses from the --compare corpus; give --compare too</source>
        <translation>--languages は --compare のコーパスから選びます。--compare も指定してください</translation>
    </message>
    <message>
        <source>--languages {unknown}: not in {corpus} (it has {languages})</source>
        <translation>--languages {unknown}: {corpus} にありません（あるのは {languages}）</translation>
    </message>
    <message>
        <source>--text: give the text to draw (--view compare alone draws a corpus)</source>
        <translation>--text: 描くテキストを指定してください（コーパスを描くのは --view compare だけです）</translation>
    </message>
    <message>
        <source>an animation or frames are of a playback: give --view playback</source>
        <translation>アニメーションとフレームは再生のものです: --view playback を指定してください</translation>
    </message>
    <message>
        <source>-o {output}: name an .svg or .png file (.gif or .apng for a playback animation)</source>
        <translation>-o {output}: .svg または .png ファイルを指定してください（再生のアニメーションには .gif または .apng）</translation>
    </message>
    <message>
        <source>-o {output}: no folder {folder}</source>
        <translation>-o {output}: フォルダー {folder} がありません</translation>
    </message>
    <message>
        <source>--scale {scale:g}: choose from {low:g} to {high:g} (2 or 3 for slides)</source>
        <translation>--scale {scale:g}: {low:g} から {high:g} の間で選んでください（スライドには 2 か 3）</translation>
    </message>
    <message>
        <source>--width {width}: choose from 200 to 20000 points</source>
        <translation>--width {width}: 200 から 20000 ポイントの間で選んでください</translation>
    </message>
    <message>
        <source>--step picks a playback frame: give --view playback</source>
        <translation>--step は再生のフレームを選びます: --view playback を指定してください</translation>
    </message>
    <message>
        <source>--piece picks the piece of --order piece</source>
        <translation>--piece は --order piece のピースを選びます</translation>
    </message>
    <message>
        <source>give the text either as TEXT or with --file, not both</source>
        <translation>テキストは TEXT か --file のどちらか一方で指定してください</translation>
    </message>
    <message>
        <source>the text</source>
        <translation>テキスト</translation>
    </message>
    <message>
        <source>standard input is closed: give {what} as an argument or with --file PATH</source>
        <translation>標準入力が閉じています: {what}を引数か --file PATH で指定してください</translation>
    </message>
    <message>
        <source>standard input is closed: give {what} as an argument</source>
        <translation>標準入力が閉じています: {what}を引数で指定してください</translation>
    </message>
    <message>
        <source>bpelens: reading {what} from the terminal; end it with Ctrl-D</source>
        <translation>bpelens: 端末から{what}を読んでいます。Ctrl-D で終えてください</translation>
    </message>
    <message>
        <source>--file {name}: {problem}; save it as UTF-8</source>
        <translation>--file {name}: {problem}。UTF-8 で保存してください</translation>
    </message>
    <message>
        <source>{option} {name}: cannot read it ({reason})</source>
        <translation>{option} {name}: 読めません（{reason}）</translation>
    </message>
    <message>
        <source>{where}: is a folder, not a text file</source>
        <translation>{where}: テキストファイルではなくフォルダーです</translation>
    </message>
    <message>
        <source>{where}: no such file</source>
        <translation>{where}: ファイルがありません</translation>
    </message>
    <message>
        <source>not UTF-8 at line {line} (byte {offset} of the file: {reason})</source>
        <translation>{line} 行目が UTF-8 ではありません（ファイルの {offset} バイト目: {reason}）</translation>
    </message>
    <message>
        <source>cannot read standard input ({reason})</source>
        <translation>標準入力を読めません（{reason}）</translation>
    </message>
    <message>
        <source>bpelens: note: {note}</source>
        <translation>bpelens: 注意: {note}</translation>
    </message>
    <message>
        <source>-t {spec}: no such file or folder</source>
        <translation>-t {spec}: ファイルもフォルダーもありません</translation>
    </message>
    <message>
        <source>did you mean {guess}? </source>
        <translation>{guess} のことですか？ </translation>
    </message>
    <message>
        <source>-t {spec}: no such file or folder, nor a bundled demo ({hint}demos: {demos})</source>
        <translation>-t {spec}: ファイルもフォルダーも同梱のデモもありません（{hint}デモ: {demos}）</translation>
    </message>
    <message>
        <source>-t {spec} is a bundled demo tokenizer: --encoding and --pattern are for .tiktoken rank files</source>
        <translation>-t {spec} は同梱のデモトークナイザーです: --encoding と --pattern は .tiktoken のランクファイル用です</translation>
    </message>
    <message>
        <source>--min-frequency {value} is not a number</source>
        <translation>--min-frequency {value} は数値ではありません</translation>
    </message>
    <message>
        <source>--trainer {trainer} trains on one corpus: give --corpus FILE (training by language is classic or parity-aware)</source>
        <translation>--trainer {trainer} は一つのコーパスで学習します: --corpus FILE を指定してください(言語別の学習は classic か parity-aware です)</translation>
    </message>
    <message>
        <source>give the training text: --corpus FILE (repeatable), --corpus LANG=FILE or --parallel CORPUS</source>
        <translation>学習テキストを指定してください: --corpus FILE（繰り返し指定可）、--corpus LANG=FILE、または --parallel CORPUS</translation>
    </message>
    <message>
        <source>--corpus {path}: is a folder, not a text file (give the files in it, e.g. --corpus {pattern})</source>
        <translation>--corpus {path}: テキストファイルではなくフォルダーです（中のファイルを指定してください。例: --corpus {pattern}）</translation>
    </message>
    <message>
        <source>--corpus {path}: {problem}; save it as UTF-8</source>
        <translation>--corpus {path}: {problem}。UTF-8 で保存してください</translation>
    </message>
    <message>
        <source>--trace-top records training on one corpus; leave it out when training by language (the record keeps each language&apos;s dev tokens per merge instead)</source>
        <translation>--trace-top は 1 つのコーパスでの学習を記録します。言語別の学習では指定しないでください（代わりに各言語の開発セットのトークン数がマージごとに記録されます）</translation>
    </message>
    <message>
        <source>--trace-top {value}: expected a whole number from 0 to {top}</source>
        <translation>--trace-top {value}: 0 から {top} までの整数を指定してください</translation>
    </message>
    <message>
        <source>{option} {language}=: no file given (expected {option} {language}=FILE)</source>
        <translation>{option} {language}=: ファイルが指定されていません（{option} {language}=FILE の形で）</translation>
    </message>
    <message>
        <source>{option} {language}={path}: is a folder, not a text file</source>
        <translation>{option} {language}={path}: テキストファイルではなくフォルダーです</translation>
    </message>
    <message>
        <source>{option} {language}={path}: no such file</source>
        <translation>{option} {language}={path}: ファイルがありません</translation>
    </message>
    <message>
        <source>--split {value}: expected TRAIN/DEV sentence counts, e.g. --split 1500/200</source>
        <translation>--split {value}: TRAIN/DEV の文数を指定してください。例: --split 1500/200</translation>
    </message>
    <message>
        <source>give either --parallel CORPUS or --corpus LANG=FILE, not both</source>
        <translation>--parallel CORPUS か --corpus LANG=FILE のどちらか一方を指定してください</translation>
    </message>
    <message>
        <source>--dev comes from --parallel&apos;s split (--split TRAIN/DEV); give one or the other</source>
        <translation>--dev は --parallel の分割（--split TRAIN/DEV）から得られます。どちらか一方を指定してください</translation>
    </message>
    <message>
        <source>--languages: {twice} is given twice</source>
        <translation>--languages: {twice} が 2 回指定されています</translation>
    </message>
    <message>
        <source>--split {split}: {error}</source>
        <translation>--split {split}: {error}</translation>
    </message>
    <message>
        <source>give the training text: --corpus LANG=FILE (repeatable) or --parallel CORPUS</source>
        <translation>学習テキストを指定してください: --corpus LANG=FILE（繰り返し指定可）または --parallel CORPUS</translation>
    </message>
    <message>
        <source>--split and --languages choose from a --parallel corpus</source>
        <translation>--split と --languages は --parallel のコーパスから選びます</translation>
    </message>
    <message>
        <source>--corpus {spec}: name its language, e.g. --corpus LANG={spec} (training by language needs LANG=FILE for every file)</source>
        <translation>--corpus {spec}: 言語を指定してください。例: --corpus LANG={spec}（言語別の学習ではすべてのファイルに LANG=FILE が必要です）</translation>
    </message>
    <message>
        <source>--corpus {spec}: {name} has another weight already</source>
        <translation>--corpus {spec}: {name} にはすでに別の重みがあります</translation>
    </message>
    <message>
        <source>--dev {spec}: expected LANG=FILE, e.g. --dev ja=dev.ja</source>
        <translation>--dev {spec}: LANG=FILE の形で指定してください。例: --dev ja=dev.ja</translation>
    </message>
    <message>
        <source>--dev {spec}: {name} is not a training language ({languages})</source>
        <translation>--dev {spec}: {name} は学習する言語ではありません（{languages}）</translation>
    </message>
    <message>
        <source>--dev: {name} is given twice</source>
        <translation>--dev: {name} が 2 回指定されています</translation>
    </message>
    <message>
        <source>weight the languages one way: {ways}, not both</source>
        <translation>言語の重みはどれか 1 つの方法で指定してください: {ways}（両方は不可）</translation>
    </message>
    <message>
        <source>weight for {language}, which is not a training language</source>
        <translation>{language} の重みがありますが、学習する言語ではありません</translation>
    </message>
    <message>
        <source>{option} applies to parity-aware training: add --parity-aware base or --parity-aware window</source>
        <translation>{option} はパリティ考慮の学習に使います: --parity-aware base か --parity-aware window を加えてください</translation>
    </message>
    <message>
        <source>--window-size and --alpha apply to --parity-aware window</source>
        <translation>--window-size と --alpha は --parity-aware window に使います</translation>
    </message>
    <message>
        <source>--global-merges {value}: expected 0 or more</source>
        <translation>--global-merges {value}: 0 以上を指定してください</translation>
    </message>
    <message>
        <source>--window-size {value}: expected a whole number of 1 or more</source>
        <translation>--window-size {value}: 1 以上の整数を指定してください</translation>
    </message>
    <message>
        <source>--alpha {value}: expected a positive number (default 2)</source>
        <translation>--alpha {value}: 正の数を指定してください（既定 2）</translation>
    </message>
    <message>
        <source>--ratio {language}: not a training language ({languages})</source>
        <translation>--ratio {language}: 学習する言語ではありません（{languages}）</translation>
    </message>
    <message>
        <source>--ratio: no ratio for {languages} (give LANG=R for every training language)</source>
        <translation>--ratio: {languages} の比がありません（学習するすべての言語に LANG=R を指定してください）</translation>
    </message>
    <message>
        <source>--ratio {name}={value}: expected a positive number</source>
        <translation>--ratio {name}={value}: 正の数を指定してください</translation>
    </message>
    <message>
        <source>--ratio replaces the dev sets (given both, the dev sets would choose, as in HF): leave out --dev, or with --parallel give --split TRAIN/0</source>
        <translation>--ratio は開発セットの代わりです（両方あると HF と同じく開発セットで選ぶことになります）: --dev を外すか、--parallel では --split TRAIN/0 を指定してください</translation>
    </message>
    <message>
        <source>--dev: no dev set for {languages} (give one for every training language, or none to follow the training text)</source>
        <translation>--dev: {languages} の開発セットがありません（学習するすべての言語に指定するか、学習テキストを追うならどれにも指定しないでください）</translation>
    </message>
    <message>
        <source>{where}: is a folder; give a file name</source>
        <translation>{where}: フォルダーです。ファイル名を指定してください</translation>
    </message>
    <message>
        <source>{where}: the folder {folder} does not exist</source>
        <translation>{where}: フォルダー {folder} がありません</translation>
    </message>
    <message>
        <source>{where}: {folder} is not a folder</source>
        <translation>{where}: {folder} はフォルダーではありません</translation>
    </message>
    <message>
        <source>{where}: cannot create files in {folder} (permission denied)</source>
        <translation>{where}: {folder} にファイルを作れません（権限がありません）</translation>
    </message>
    <message>
        <source>--size {size}: give WIDTHxHEIGHT in points, e.g. 1920x1080</source>
        <translation>--size {size}: 幅x高さをポイントで指定してください（例: 1920x1080）</translation>
    </message>
    <message>
        <source>--size {size}: each side from 200 to 8000 points</source>
        <translation>--size {size}: 各辺は 200〜8000 ポイントです</translation>
    </message>
    <message>
        <source>-o {output}: name a .png or .svg file for --view compare</source>
        <translation>-o {output}: --view compare には .png か .svg のファイルを指定してください</translation>
    </message>
    <message>
        <source>{option} is for a text&apos;s picture: --view compare draws a corpus</source>
        <translation>{option} はテキストの画像用です: --view compare はコーパスを描きます</translation>
    </message>
    <message>
        <source>--encoding and --pattern are for one .tiktoken file: with --view compare write -t FILE@ENCODING</source>
        <translation>--encoding と --pattern は 1 つの .tiktoken ファイル用です: --view compare では -t FILE@ENCODING と書いてください</translation>
    </message>
    <message>
        <source>--scale {scale:g}: choose from 0.25 to 8 (1, 2, 3 for slides)</source>
        <translation>--scale {scale:g}: 0.25〜8 から選んでください（スライドには 1、2、3）</translation>
    </message>
    <message>
        <source>--metric {metric}: the Lorenz curves are of token totals; --metric goes with --plot bars or heatmap</source>
        <translation>--metric {metric}: ローレンツ曲線はトークン総数のものです。--metric は --plot bars か heatmap と使います</translation>
    </message>
    <message>
        <source>--metric {metric}: --plot {plot} shows one of {choices}</source>
        <translation>--metric {metric}: --plot {plot} が表示できるのは {choices} のいずれかです</translation>
    </message>
    <message>
        <source>-t: {name} has no chat template (none in the file, no tokenizer_config.json or chat_template.jinja beside it); --template chatml uses a generic ChatML one</source>
        <translation>-t: {name} にはチャットテンプレートがありません（ファイル内にも、隣の tokenizer_config.json や chat_template.jinja にもない）。--template chatml で汎用の ChatML テンプレートを使えます</translation>
    </message>
    <message>
        <source>--template: {name!r} is not one of this model&apos;s templates ({names}) nor a generic one ({generic})</source>
        <translation>--template: {name!r} はこのモデルのテンプレート（{names}）にも汎用のもの（{generic}）にもありません</translation>
    </message>
    <message>
        <source>--messages {path}: cannot read it ({reason})</source>
        <translation>--messages {path}: 読めません（{reason}）</translation>
    </message>
    <message>
        <source>--messages {path}: not JSON (line {line}: {reason})</source>
        <translation>--messages {path}: JSON ではありません（{line} 行目: {reason}）</translation>
    </message>
    <message>
        <source>bpelens: {tokenizer}: swept {sizes} sizes</source>
        <translation>bpelens: {tokenizer}: {sizes} 個のサイズを測定しました</translation>
    </message>
    <message>
        <source>--dropout {value}: expected a probability from 0 to 1</source>
        <translation>--dropout {value}: 0 から 1 までの確率を指定してください</translation>
    </message>
    <message>
        <source>{word!r} is not a token id (a whole number)</source>
        <translation>{word!r} はトークン ID（整数）ではありません</translation>
    </message>
    <message>
        <source>give token ids or --jsonl FILE (one of the two)</source>
        <translation>トークン ID か --jsonl FILE のどちらか一方を指定してください</translation>
    </message>
    <message>
        <source>--examples {value}: expected 0 or more</source>
        <translation>--examples {value}: 0 以上が必要です</translation>
    </message>
    <message>
        <source>--max-seconds {value}: expected seconds above 0 and at most {most:g}</source>
        <translation>--max-seconds {value}: 0 より大きく {most:g} 以下の秒数を指定してください</translation>
    </message>
    <message>
        <source>{option} {value}: expected {least} or more</source>
        <translation>{option} {value}: {least} 以上を指定してください</translation>
    </message>
    <message>
        <source>--max-final-share {value}: expected a share above 0 and at most 1 (e.g. 0.05)</source>
        <translation>--max-final-share {value}: 0 より大きく 1 以下の割合を指定してください（例: 0.05）</translation>
    </message>
    <message>
        <source>--file {name}: cannot read it ({reason})</source>
        <translation>--file {name}: 読めません（{reason}）</translation>
    </message>
    <message>
        <source>--file {name}: not UTF-8 text; save it as UTF-8</source>
        <translation>--file {name}: UTF-8 のテキストではありません。UTF-8 で保存してください</translation>
    </message>
</context>
<context>
    <name>CliArgparse</name>
    <message>
        <source>usage: </source>
        <translation>使い方: </translation>
    </message>
    <message>
        <source>positional arguments</source>
        <translation>位置引数</translation>
    </message>
    <message>
        <source>options</source>
        <translation>オプション</translation>
    </message>
    <message>
        <source>show this help message and exit</source>
        <translation>このヘルプを表示して終了する</translation>
    </message>
    <message>
        <source>argument %(argument_name)s: %(message)s</source>
        <translation>引数 %(argument_name)s: %(message)s</translation>
    </message>
    <message>
        <source>unrecognized arguments: %s</source>
        <translation>認識できない引数: %s</translation>
    </message>
    <message>
        <source>not allowed with argument %s</source>
        <translation>引数 %s とは併用できません</translation>
    </message>
    <message>
        <source>the following arguments are required: %s</source>
        <translation>次の引数が必要です: %s</translation>
    </message>
    <message>
        <source>one of the arguments %s is required</source>
        <translation>引数 %s のどれか 1 つが必要です</translation>
    </message>
    <message>
        <source>expected one argument</source>
        <translation>引数が 1 つ必要です</translation>
    </message>
    <message>
        <source>expected at most one argument</source>
        <translation>引数は 1 つまでです</translation>
    </message>
    <message>
        <source>expected at least one argument</source>
        <translation>引数が 1 つ以上必要です</translation>
    </message>
    <message>
        <source>ambiguous option: %(option)s could match %(matches)s</source>
        <translation>あいまいなオプション: %(option)s は %(matches)s のどれにも当てはまります</translation>
    </message>
    <message>
        <source>invalid %(type)s value: %(value)r</source>
        <translation>無効な %(type)s の値: %(value)r</translation>
    </message>
    <message>
        <source>invalid choice: %(value)r (choose from %(choices)s)</source>
        <translation>無効な選択肢: %(value)r（%(choices)s から選んでください）</translation>
    </message>
    <message>
        <source>%(prog)s: error: %(message)s
</source>
        <translation>%(prog)s: エラー: %(message)s
</translation>
    </message>
</context>
<context>
    <name>CliAudit</name>
    <message>
        <source>auditing: {done:,} of {total:,} tokens</source>
        <translation>監査中: {total:,} トークン中 {done:,}</translation>
    </message>
    <message>
        <source>{name}: {ids:,} ids</source>
        <translation>{name}: ID {ids:,} 個</translation>
    </message>
    <message>
        <source>tokenizer</source>
        <translation>トークナイザー</translation>
    </message>
    <message>
        <source>merges</source>
        <translation>マージ</translation>
    </message>
    <message>
        <source>merged tokens (merges implied by the ranks)</source>
        <translation>マージで作られるトークン（ランクから導かれるマージ）</translation>
    </message>
    <message>
        <source>  {what} checked: {checked:,}; never applied: {never_applied:,} (their token made by another merge {another:,}, never made {never_made:,}); orphan tokens no merge makes: {orphans:,}</source>
        <translation>  確認した{what}: {checked:,}。一度も適用されないもの: {never_applied:,}（そのトークンを別のマージが作る {another:,}、一度も作られない {never_made:,}）。どのマージも作らない孤立トークン: {orphans:,}</translation>
    </message>
    <message>
        <source>  in context {id}: {text} → {ids}; in {witness} → {witness_ids}</source>
        <translation>  文脈内のみ {id}: {text} → {ids}。{witness} の中では → {witness_ids}</translation>
    </message>
    <message>
        <source>  … and {count:,} more in context (--format json lists them all)</source>
        <translation>  … ほかに文脈内のみが {count:,} 個（--format json ですべて表示）</translation>
    </message>
    <message>
        <source>; merge {rank} ({left} + {right}) gets there first</source>
        <translation>。マージ {rank}（{left} + {right}）が先に適用される</translation>
    </message>
    <message>
        <source>  unreachable {id}: {text} → {ids}{blocked}</source>
        <translation>  到達不能 {id}: {text} → {ids}{blocked}</translation>
    </message>
    <message>
        <source>  never applied: merge {rank} ({left} + {right} → {new}); the merges make {builds}</source>
        <translation>  一度も適用されない: マージ {rank}（{left} + {right} → {new}）。マージが作るのは {builds}</translation>
    </message>
    <message>
        <source>  orphan {id}: {token}</source>
        <translation>  孤立 {id}: {token}</translation>
    </message>
    <message>
        <source>reachable</source>
        <translation>到達可能</translation>
    </message>
    <message>
        <source>whole piece only</source>
        <translation>ピース全体のときのみ</translation>
    </message>
    <message>
        <source>in context</source>
        <translation>文脈内のみ</translation>
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
    <name>CliChat</name>
    <message>
        <source>role</source>
        <translation>役割</translation>
    </message>
    <message>
        <source>tokens</source>
        <translation>トークン</translation>
    </message>
    <message>
        <source>characters</source>
        <translation>文字</translation>
    </message>
    <message>
        <source>template</source>
        <translation>テンプレート</translation>
    </message>
    <message>
        <source>in all</source>
        <translation>合計</translation>
    </message>
    <message>
        <source>step</source>
        <translation>ステップ</translation>
    </message>
    <message>
        <source>extends</source>
        <translation>前を延長</translation>
    </message>
    <message>
        <source>{a} → {b} messages</source>
        <translation>メッセージ {a} → {b} 件</translation>
    </message>
    <message>
        <source>{a} + generation prompt → {b}</source>
        <translation>{a} + 生成プロンプト → {b}</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>はい</translation>
    </message>
    <message>
        <source>ids differ at token {i}</source>
        <translation>トークン {i} で ID が異なる</translation>
    </message>
    <message>
        <source>text differs at character {i}</source>
        <translation>文字 {i} でテキストが異なる</translation>
    </message>
    <message>
        <source>first: {before!r}
   vs: {after!r}</source>
        <translation>最初の違い: {before!r}
        対: {after!r}</translation>
    </message>
</context>
<context>
    <name>CliCompare</name>
    <message>
        <source>{corpus}: {sentences:,} sentences in {languages} languages</source>
        <translation>{corpus}: {languages} 言語、{sentences:,} 文</translation>
    </message>
    <message>
        <source>the comparison stopped without a result</source>
        <translation>比較が結果なしで止まりました</translation>
    </message>
    <message>
        <source>tokenizer</source>
        <translation>トークナイザー</translation>
    </message>
    <message>
        <source>language</source>
        <translation>言語</translation>
    </message>
    <message>
        <source>reference: {reference}; {sentences:,} sentences per language; corpus {corpus}</source>
        <translation>基準言語: {reference}。言語あたり {sentences:,} 文。コーパス {corpus}</translation>
    </message>
    <message>
        <source>Gini across languages of the token totals ({formula}):</source>
        <translation>言語間のトークン総数のジニ係数（{formula}）:</translation>
    </message>
    <message>
        <source>  {tokenizer}: Gini {gini:.4f}, {tokens:,} tokens</source>
        <translation>  {tokenizer}: ジニ {gini:.4f}、{tokens:,} トークン</translation>
    </message>
    <message>
        <source>bpelens: {tokenizer}: counted ({seconds:.1f} s so far)</source>
        <translation>bpelens: {tokenizer}: 集計完了（ここまで {seconds:.1f} 秒）</translation>
    </message>
</context>
<context>
    <name>CliDiff</name>
    <message>
        <source>none</source>
        <translation>なし</translation>
    </message>
    <message>
        <source>tokens</source>
        <translation>トークン数</translation>
    </message>
    <message>
        <source>  shared, same id</source>
        <translation>  共通（同じ ID）</translation>
    </message>
    <message>
        <source>  shared, another id</source>
        <translation>  共通（別の ID）</translation>
    </message>
    <message>
        <source>  only in this one</source>
        <translation>  こちらにのみ</translation>
    </message>
    <message>
        <source>ids with the same bytes in both</source>
        <translation>両方で同じバイト列を表す ID</translation>
    </message>
    <message>
        <source>merges</source>
        <translation>マージ数</translation>
    </message>
    <message>
        <source>  the same from the first</source>
        <translation>  先頭から同じもの</translation>
    </message>
    <message>
        <source>  first that differs (rank {rank:,})</source>
        <translation>  最初に異なるもの（ランク {rank:,}）</translation>
    </message>
    <message>
        <source>tokens of the text</source>
        <translation>テキストのトークン数</translation>
    </message>
    <message>
        <source>  cuts only this one makes (bytes)</source>
        <translation>  こちらだけの区切り（バイト位置）</translation>
    </message>
    <message>
        <source>only left, e.g.:</source>
        <translation>左のみの例:</translation>
    </message>
    <message>
        <source>only right, e.g.:</source>
        <translation>右のみの例:</translation>
    </message>
    <message>
        <source>left cuts:</source>
        <translation>左の区切り:</translation>
    </message>
    <message>
        <source>right cuts:</source>
        <translation>右の区切り:</translation>
    </message>
    <message>
        <source>the same ids on the text</source>
        <translation>テキストの ID は同じです</translation>
    </message>
    <message>
        <source>ids differ at characters {start}–{end} ({stage}): {reason}</source>
        <translation>文字 {start}〜{end} で ID が異なります（{stage}）: {reason}</translation>
    </message>
</context>
<context>
    <name>CliGui</name>
    <message>
        <source>a saved session to open (texts, tokenizer, views)</source>
        <translation>開く保存済みセッション（テキスト、トークナイザー、ビュー）</translation>
    </message>
    <message>
        <source>a tokenizer file to open</source>
        <translation>開くトークナイザーファイル</translation>
    </message>
    <message>
        <source>the window&apos;s language for this run (View → Language keeps one)</source>
        <translation>今回のウィンドウの言語（表示 → 言語 で選ぶと保存されます）</translation>
    </message>
    <message>
        <source>the window&apos;s colours for this run (View → Theme keeps one)</source>
        <translation>今回のウィンドウの配色（表示 → テーマ で選ぶと保存されます）</translation>
    </message>
    <message>
        <source>start in presentation mode (full screen, large; F5 or Esc ends it)</source>
        <translation>プレゼンテーションモードで起動する（全画面・大きな表示。F5 か Esc で終了）</translation>
    </message>
    <message>
        <source>the text to show</source>
        <translation>表示するテキスト</translation>
    </message>
    <message>
        <source>for a .tiktoken file: the encoding it belongs to (o200k_harmony…)</source>
        <translation>.tiktoken ファイルの場合: それが属するエンコーディング（o200k_harmony など）</translation>
    </message>
    <message>
        <source>the tab to open on: layers (characters, bytes, pieces, tokens), playback (merge playback of the text), training (training playback), compare (languages and tokenizers on a parallel corpus), studio (training studio: train by language), debug (debugging kit), chat (a conversation through the chat template)</source>
        <translation>開くタブ: layers（文字・バイト・ピース・トークン）、playback（テキストのマージ再生）、training（学習の再生）、compare（対訳コーパスで言語とトークナイザーを比較）、studio（学習スタジオ: 言語ごとに学習）、debug（デバッグキット）、chat（チャットテンプレートを通した会話）</translation>
    </message>
    <message>
        <source>with --view playback or training: the step to stand on</source>
        <translation>--view playback または training と共に: 表示するステップ</translation>
    </message>
    <message>
        <source>with --view training: a text file to train on (one text per line), or a .json tokenizer trained with bpelens train --trace-top; with --view compare: a parallel corpus (a folder or archive of line-aligned files, a .tsv, a .jsonl, or demo); with --view studio: a parallel corpus to train on</source>
        <translation>--view training と共に: 学習するテキストファイル（1 行に 1 テキスト）、または bpelens train --trace-top で学習した .json トークナイザー。--view compare と共に: 対訳コーパス（行の揃ったファイルのフォルダーかアーカイブ、.tsv、.jsonl、または demo）。--view studio と共に: 学習に使う対訳コーパス</translation>
    </message>
    <message>
        <source>with --view compare: a tokenizer to compare (repeatable; a file, a folder or a bundled demo&apos;s name)</source>
        <translation>--view compare と共に: 比較するトークナイザー（繰り返し指定可。ファイル、フォルダー、同梱デモの名前）</translation>
    </message>
    <message>
        <source>with --view compare: the page to show first</source>
        <translation>--view compare と共に: 最初に表示するページ</translation>
    </message>
    <message>
        <source>with --view studio: start training on the corpus at once</source>
        <translation>--view studio と共に: すぐにコーパスで学習を始める</translation>
    </message>
    <message>
        <source>--compare and --show go with --view compare</source>
        <translation>--compare と --show は --view compare と共に使います</translation>
    </message>
    <message>
        <source>--page goes with --view debug</source>
        <translation>--page は --view debug と一緒に使います</translation>
    </message>
    <message>
        <source>--order goes with --view playback</source>
        <translation>--order は --view playback と一緒に使います</translation>
    </message>
    <message>
        <source>--corpus goes with --view training, compare or studio</source>
        <translation>--corpus は --view training、compare、studio のいずれかと共に使います</translation>
    </message>
    <message>
        <source>--train goes with --view studio</source>
        <translation>--train は --view studio と共に使います</translation>
    </message>
    <message>
        <source>--step goes with --view playback or --view training</source>
        <translation>--step は --view playback または --view training と共に使います</translation>
    </message>
    <message>
        <source>Open BPE Lens. The subcommands ({commands}) run the command line instead; see bpelens --help.</source>
        <translation>BPE Lens を開きます。サブコマンド（{commands}）を付けるとコマンドラインとして動きます。bpelens --help を参照してください。</translation>
    </message>
    <message>
        <source>with --view playback: piece (one piece at a time, the default) or text (the whole text, each rank everywhere at once)</source>
        <translation>--view playback と共に: piece（1 ピースずつ、既定）または text（テキスト全体、各ランクをすべての箇所に一度に）</translation>
    </message>
    <message>
        <source>with --view debug: the debugging kit&apos;s page (audit, lookup, diff, conflicts: merge conflicts, extend, algorithms: other algorithms, cost)</source>
        <translation>--view debug と共に: デバッグキットのページ（audit: 監査、lookup: 検索、diff: 差分、conflicts: マージの衝突、extend: 拡張、algorithms: 他のアルゴリズム、cost: コスト）</translation>
    </message>
    <message>
        <source>window (bpelens [SESSION.bpelens] [OPTIONS]; it needs a display)</source>
        <translation>ウィンドウ（bpelens [SESSION.bpelens] [OPTIONS]。ディスプレイが必要です）</translation>
    </message>
    <message>
        <source>{value!r} is not a whole number</source>
        <translation>{value!r} は整数ではありません</translation>
    </message>
    <message>
        <source>{step} is negative; steps count from 0</source>
        <translation>{step} は負の数です。ステップは 0 から数えます</translation>
    </message>
    <message>
        <source>bpelens: error: the window needs a display, and there is none (DISPLAY and WAYLAND_DISPLAY are not set); without one use the command line (bpelens --help: encode, inspect, compare…), draw pictures with bpelens render, or run the window off screen with QT_QPA_PLATFORM=offscreen</source>
        <translation>bpelens: エラー: ウィンドウにはディスプレイが必要ですが、ありません（DISPLAY も WAYLAND_DISPLAY も設定されていません）。ディスプレイなしでは、コマンドライン（bpelens --help: encode、inspect、compare など）を使うか、bpelens render で画像を描くか、QT_QPA_PLATFORM=offscreen でウィンドウを画面外で動かしてください</translation>
    </message>
    <message>
        <source>bpelens: error: the window cannot open on this X11 display: Qt&apos;s xcb platform needs libraries that are not installed; install them with: apt-get install {packages} (or run the window off screen with QT_QPA_PLATFORM=offscreen)</source>
        <translation>bpelens: エラー: この X11 ディスプレイではウィンドウを開けません: Qt の xcb プラットフォームに必要なライブラリが入っていません。次でインストールしてください: apt-get install {packages}（または QT_QPA_PLATFORM=offscreen でウィンドウを画面外で動かしてください）</translation>
    </message>
</context>
<context>
    <name>CliHelp</name>
    <message>
        <source>See how a BPE tokenizer turns text into token ids. With no subcommand, opens the window (its options are listed below the subcommands; it needs a display).</source>
        <translation>BPE トークナイザーがテキストをトークン ID に変える様子を見ます。サブコマンドなしではウィンドウを開きます（そのオプションはサブコマンドの下に一覧があります。ディスプレイが必要です）。</translation>
    </message>
    <message>
        <source>bpelens COMMAND --help shows a command&apos;s options. Results are JSON on stdout; an error is one line on stderr with exit status 2.</source>
        <translation>bpelens COMMAND --help でコマンドのオプションを表示します。結果は標準出力に JSON で、エラーは標準エラー出力に 1 行で出て、終了ステータスは 2 です。</translation>
    </message>
    <message>
        <source>subcommands</source>
        <translation>サブコマンド</translation>
    </message>
    <message>
        <source>train a BPE tokenizer on text files</source>
        <translation>テキストファイルで BPE トークナイザーを学習する</translation>
    </message>
    <message>
        <source>Train a byte- or character-level BPE tokenizer. Progress goes to stderr, a JSON summary to stdout.</source>
        <translation>バイト単位または文字単位の BPE トークナイザーを学習します。進捗は標準エラー出力に、JSON の要約は標準出力に出ます。</translation>
    </message>
    <message>
        <source>UTF-8 text file, one training text per line (repeatable); an optional exact weight after @, e.g. ja.txt@2 or en.txt@1/3; LANG= names its language (training by language: weights, dev sets, parity-aware BPE)</source>
        <translation>UTF-8 のテキストファイル、1 行に学習テキスト 1 つ（繰り返し指定可）。@ の後に厳密な重みを付けられます（例: ja.txt@2、en.txt@1/3）。LANG= でその言語を指定します（言語別の学習: 重み、開発セット、パリティ考慮 BPE）</translation>
    </message>
    <message>
        <source>training by language</source>
        <translation>言語別の学習</translation>
    </message>
    <message>
        <source>Per-language files (--corpus LANG=FILE) or a parallel corpus split for you. Weight languages one way: LANG=FILE@WEIGHT, --byte-shares or --temperature (all exact).</source>
        <translation>言語ごとのファイル（--corpus LANG=FILE）、または自動で分割される対訳コーパス。言語の重みはどれか 1 つの方法で: LANG=FILE@WEIGHT、--byte-shares、--temperature（いずれも厳密）。</translation>
    </message>
    <message>
        <source>a language&apos;s dev set: its token total is followed merge by merge, and parity-aware BPE balances on it (repeatable)</source>
        <translation>言語の開発セット: そのトークン総数をマージごとに追い、パリティ考慮 BPE はこれでバランスを取ります（繰り返し指定可）</translation>
    </message>
    <message>
        <source>a parallel corpus (TSV, JSONL, folder or archive of line-aligned files, or demo: the bundled one) to split into training / dev / evaluation</source>
        <translation>学習 / 開発 / 評価に分割する対訳コーパス（TSV、JSONL、行の揃ったファイルのフォルダーまたはアーカイブ、または demo: 同梱のもの）</translation>
    </message>
    <message>
        <source>with --parallel: the first TRAIN sentences of each language train, the next DEV are the dev set (default 1500/200)</source>
        <translation>--parallel と併用: 各言語の最初の TRAIN 文で学習し、次の DEV 文を開発セットにします（既定 1500/200）</translation>
    </message>
    <message>
        <source>with --parallel: the languages to train on (default all)</source>
        <translation>--parallel と併用: 学習する言語（既定はすべて）</translation>
    </message>
    <message>
        <source>target share of weighted bytes per language (e.g. en=80 ja=5 …, normalized): each line weighs 100000·p/B, B the language&apos;s bytes</source>
        <translation>言語ごとの重み付きバイトの目標割合（例: en=80 ja=5 …、正規化されます）: 各行の重みは 100000·p/B（B はその言語のバイト数）</translation>
    </message>
    <message>
        <source>sample languages by q ∝ (bytes share)^ALPHA (XLM; 0.3 flattens), used as byte shares</source>
        <translation>q ∝ (バイト割合)^ALPHA で言語をサンプリングし（XLM。0.3 で平らになります）、バイト割合として使います</translation>
    </message>
    <message>
        <source>parity-aware BPE</source>
        <translation>パリティ考慮 BPE</translation>
    </message>
    <message>
        <source>Foroutan et al. (ACL 2026), merges identical to Hugging Face&apos;s ParityBpeTrainer: each merge, the language with the most dev-set tokens picks its most frequent pair, merged in every language. Trains vocab-size − base − special merges.</source>
        <translation>Foroutan ら（ACL 2026）。マージは Hugging Face の ParityBpeTrainer と同一です: 各マージで、開発セットのトークンが最も多い言語が最も頻度の高いペアを選び、すべての言語でマージします。語彙サイズ − 基本 − 特殊 個のマージを学習します。</translation>
    </message>
    <message>
        <source>balance languages each merge (window: no language takes more than ALPHA/L of the last W merges)</source>
        <translation>マージごとに言語のバランスを取る（window: どの言語も直近 W 個のマージの ALPHA/L より多くは取りません）</translation>
    </message>
    <message>
        <source>hybrid: the first N merges chosen on the summed counts</source>
        <translation>ハイブリッド: 最初の N 個のマージは合計頻度で選びます</translation>
    </message>
    <message>
        <source>window variant: W (default 100)</source>
        <translation>窓版: W（既定 100）</translation>
    </message>
    <message>
        <source>window variant: alpha (default 2)</source>
        <translation>窓版: alpha（既定 2）</translation>
    </message>
    <message>
        <source>target compression rate per language instead of a dev set (the language furthest below its target chooses)</source>
        <translation>開発セットの代わりに言語ごとの目標圧縮率（目標を最も下回る言語が選びます）</translation>
    </message>
    <message>
        <source>target vocabulary size, base tokens and special tokens included</source>
        <translation>目標の語彙サイズ（基本トークンと特殊トークンを含む）</translation>
    </message>
    <message>
        <source>base vocabulary: the 256 bytes (default) or the characters seen</source>
        <translation>基本語彙: 256 バイト（既定）または出現した文字</translation>
    </message>
    <message>
        <source>a regex preset ({presets}), whitespace, digits or none (default gpt2)</source>
        <translation>正規表現のプリセット（{presets}）、whitespace、digits、none のいずれか（既定 gpt2）</translation>
    </message>
    <message>
        <source>none (default), nfc, nfkc, nfd, nfkd or lowercase</source>
        <translation>none（既定）、nfc、nfkc、nfd、nfkd、lowercase のいずれか</translation>
    </message>
    <message>
        <source>stop when the best pair occurs fewer than K times (default {default_min_frequency})</source>
        <translation>最良のペアの出現が K 回未満になったら止めます（既定 {default_min_frequency}）</translation>
    </message>
    <message>
        <source>equal counts: smallest (left id, right id) (default), or the pair seen first in the corpus</source>
        <translation>同数のとき: (左 ID, 右 ID) が最小のもの（既定）、またはコーパスで最初に現れたペア</translation>
    </message>
    <message>
        <source>byte-level base ids by byte value (default, as tiktoken) or in Hugging Face&apos;s order</source>
        <translation>バイト単位の基本 ID をバイト値の順（既定、tiktoken と同じ）または Hugging Face の順で振ります</translation>
    </message>
    <message>
        <source>character level: append an end-of-word marker to every piece (default marker &lt;/w&gt;)</source>
        <translation>文字単位: すべてのピースに語末マーカーを付けます（既定のマーカー &lt;/w&gt;）</translation>
    </message>
    <message>
        <source>character level: 256 &lt;0xNN&gt; tokens spell characters never seen</source>
        <translation>文字単位: 256 個の &lt;0xNN&gt; トークンで未出現の文字を綴ります</translation>
    </message>
    <message>
        <source>add a special token (repeatable); ids follow the vocabulary</source>
        <translation>特殊トークンを追加します（繰り返し指定可）。ID は語彙の後に続きます</translation>
    </message>
    <message>
        <source>also record, for each merge, the K most frequent pairs when it was chosen, the corpus length in tokens and the most frequent words, for the app&apos;s training playback (0 to 1000; default 0: no trace)</source>
        <translation>アプリの学習再生のために、各マージについて、選ばれた時点で最も頻度の高い K 個のペア、トークン数で測ったコーパスの長さ、最も頻度の高い単語も記録します（0〜1000。既定 0: 記録なし）</translation>
    </message>
    <message>
        <source>trainer</source>
        <translation>トレーナー</translation>
    </message>
    <message>
        <source>How merges are chosen on one corpus; each trainer&apos;s own options follow.</source>
        <translation>一つのコーパスでマージをどう選ぶか。各トレーナー固有のオプションが続きます。</translation>
    </message>
    <message>
        <source>a name stored in the file</source>
        <translation>ファイルに保存する名前</translation>
    </message>
    <message>
        <source>where to write the tokenizer</source>
        <translation>トークナイザーの書き出し先</translation>
    </message>
    <message>
        <source>no progress on stderr</source>
        <translation>標準エラー出力に進捗を出さない</translation>
    </message>
    <message>
        <source>processes that count the corpus&apos;s pieces (default 0: one per core; 1: this process only). The tokenizer is the same; a corpus under 16 million characters is counted in this process, and merging is always done in it</source>
        <translation>コーパスのピースを数えるプロセス数（既定 0: コアごとに 1 つ、1: このプロセスのみ）。得られるトークナイザーは同じです。1600 万文字未満のコーパスはこのプロセスで数え、マージは常にこのプロセスで行います</translation>
    </message>
    <message>
        <source>; with --view compare, repeat it for each tokenizer to compare</source>
        <translation>。--view compare では比べるトークナイザーごとに繰り返します</translation>
    </message>
    <message>
        <source>all: special-token strings in the text become their ids (default); none: they are plain text</source>
        <translation>all: テキスト中の特殊トークンの文字列をその ID にします（既定）。none: 普通のテキストとして扱います</translation>
    </message>
    <message>
        <source>read the text from this UTF-8 file (- for standard input)</source>
        <translation>この UTF-8 ファイルからテキストを読みます（- で標準入力）</translation>
    </message>
    <message>
        <source>the text (default: all of standard input)</source>
        <translation>テキスト（既定: 標準入力のすべて）</translation>
    </message>
    <message>
        <source>text → ids, tokens with byte and character spans (JSON)</source>
        <translation>テキスト → ID、バイトと文字の範囲付きのトークン（JSON）</translation>
    </message>
    <message>
        <source>Encode TEXT (or --file PATH, or standard input) and print one JSON object: ids, and each token&apos;s bytes, text, byte and character span.</source>
        <translation>TEXT（または --file PATH、または標準入力）をエンコードし、JSON オブジェクトを 1 つ出力します: ID と、各トークンのバイト、テキスト、バイト範囲と文字範囲。</translation>
    </message>
    <message>
        <source>include every merge step</source>
        <translation>すべてのマージ手順を含める</translation>
    </message>
    <message>
        <source>just {&quot;ids&quot;: [...]}: the fastest, smallest answer</source>
        <translation>{&quot;ids&quot;: [...]} だけ: 最も速く最も小さい出力</translation>
    </message>
    <message>
        <source>add the tokens the tokenizer puts around a text (BOS, [CLS] …)</source>
        <translation>トークナイザーがテキストの前後に置くトークンを加える（BOS、[CLS] …）</translation>
    </message>
    <message>
        <source>read one JSON string per line (&quot;text&quot;), write one JSON object per line, in order (an error object for a bad line)</source>
        <translation>1 行に JSON 文字列 1 つ（&quot;text&quot;）を読み、1 行に JSON オブジェクト 1 つを順に書きます（不正な行にはエラーオブジェクト）</translation>
    </message>
    <message>
        <source>ids → text (JSON)</source>
        <translation>ID → テキスト（JSON）</translation>
    </message>
    <message>
        <source>Decode token ids: bytes are joined, then decoded once.</source>
        <translation>トークン ID をデコードします: バイトを連結してから一度にデコードします。</translation>
    </message>
    <message>
        <source>strict: bytes that are not UTF-8 are an error (default); replace: they become U+FFFD</source>
        <translation>strict: UTF-8 でないバイトはエラー（既定）。replace: U+FFFD に置き換えます</translation>
    </message>
    <message>
        <source>read the ids from this file (as on standard input; - for standard input)</source>
        <translation>このファイルから ID を読みます（標準入力と同じ形式。- で標準入力）</translation>
    </message>
    <message>
        <source>token ids (spaces or commas between them, [ ] allowed); none: read them from --file or standard input (also {&quot;ids&quot;: [...]} as encode writes)</source>
        <translation>トークン ID（空白かカンマで区切る。[ ] も可）。指定なし: --file か標準入力から読みます（encode が書く {&quot;ids&quot;: [...]} も可）</translation>
    </message>
    <message>
        <source>the sampled segmentations of a word: Unigram subword regularization or BPE-dropout</source>
        <translation>語のサンプリングされた分割: Unigram のサブワード正則化または BPE-dropout</translation>
    </message>
    <message>
        <source>A Unigram model: every segmentation of WORD with the probability sentencepiece&apos;s sampling gives it (enable_sampling, alpha, nbest_size), and the counts of --samples draws. A BPE: the segmentations BPE-dropout draws with --dropout P, counted.</source>
        <translation>Unigram モデル: WORD のすべての分割と、sentencepiece のサンプリング(enable_sampling、alpha、nbest_size)がそれに与える確率、および --samples 回の抽出の回数。BPE: --dropout P の BPE-dropout が抽出する分割とその回数。</translation>
    </message>
    <message>
        <source>one word (one piece for the tokenizer)</source>
        <translation>一つの語(トークナイザーにとって一つのピース)</translation>
    </message>
    <message>
        <source>BPE: the dropout probability (default 0.1)</source>
        <translation>BPE: ドロップアウト確率(既定 0.1)</translation>
    </message>
    <message>
        <source>draws (default 1000)</source>
        <translation>抽出回数(既定 1000)</translation>
    </message>
    <message>
        <source>are ids what encoding their own text gives? (decode → encode drift)</source>
        <translation>ID は自分のテキストをエンコードした結果と一致するか（デコード → エンコードのずれ）</translation>
    </message>
    <message>
        <source>Decode ids, encode the text again and mark every span whose ids differ, with the reason: a merge the encoding applies, a character&apos;s bytes split across tokens, a special token spelled as text. Ids as arguments, or a JSONL file of {&quot;ids&quot;: [...]} or {&quot;prompt_ids&quot;: [...], &quot;completion_ids&quot;: [...]} rows, streamed.</source>
        <translation>ID をデコードしてテキストを再びエンコードし、ID が異なる区間をすべて理由付きで示します: エンコードが適用するマージ、トークンをまたいで分かれた文字のバイト、テキストとして書かれた特殊トークン。ID は引数で、または {&quot;ids&quot;: [...]} か {&quot;prompt_ids&quot;: [...], &quot;completion_ids&quot;: [...]} の行からなる JSONL ファイルで指定します（逐次処理）。</translation>
    </message>
    <message>
        <source>token ids (commas or spaces between them)</source>
        <translation>トークン ID（カンマか空白区切り）</translation>
    </message>
    <message>
        <source>a file of rows to check, one JSON object per line</source>
        <translation>調べる行のファイル（1 行に 1 つの JSON オブジェクト）</translation>
    </message>
    <message>
        <source>non-canonical rows to list (default 20)</source>
        <translation>一覧に出す非正準な行の数（既定 20）</translation>
    </message>
    <message>
        <source>a BPE cut at many vocabulary sizes, measured per language</source>
        <translation>BPE を多数の語彙サイズで切り詰め、言語ごとに測る</translation>
    </message>
    <message>
        <source>Cut each tokenizer&apos;s merges at each size and measure, per language of a parallel corpus: tokens, the ratio to the reference language, bytes per token, Rényi efficiency (alpha 2.5) and the share of words kept whole; per size, the Gini coefficient of the languages&apos; token totals and their sum (the trade-off curve). Each piece is traced once for all sizes.</source>
        <translation>各トークナイザーのマージを各サイズで切り詰め、対訳コーパスの言語ごとに測ります: トークン数、基準言語との比、トークンあたりのバイト数、Rényi 効率(alpha 2.5)、分割されずに残る単語の割合。サイズごとに、言語別トークン総数のジニ係数とその合計(トレードオフ曲線)。各ピースは全サイズに対して一度だけトレースされます。</translation>
    </message>
    <message>
        <source>a BPE tokenizer (repeatable: a curve each), as compare takes them</source>
        <translation>BPE トークナイザー(繰り返し可: それぞれが一本の曲線)。compare と同じ指定方法</translation>
    </message>
    <message>
        <source>a parallel corpus, as compare takes it (default demo)</source>
        <translation>対訳コーパス。compare と同じ指定方法(既定 demo)</translation>
    </message>
    <message>
        <source>vocabulary sizes: FROM:TO:xFACTOR, FROM:TO:+STEP or a list with commas (default 1000:64000:x2)</source>
        <translation>語彙サイズ: FROM:TO:xFACTOR、FROM:TO:+STEP またはカンマ区切りの一覧(既定 1000:64000:x2)</translation>
    </message>
    <message>
        <source>only these languages (the reference is added); default: all</source>
        <translation>これらの言語のみ(基準言語は追加されます)。既定: すべて</translation>
    </message>
    <message>
        <source>processes that sweep the languages, one language each at a time (default 0: one per core; 1: this process only). The sweep is the same; a corpus under a million characters, or a single language, is swept in this process</source>
        <translation>言語をスイープするプロセス数。各プロセスが一度に 1 言語を受け持ちます（既定 0: コアごとに 1 つ、1: このプロセスのみ）。結果は同じです。100 万文字未満のコーパスや単一言語はこのプロセスでスイープします</translation>
    </message>
    <message>
        <source>Classify every token: reachable (its own text encodes to exactly it), whole_piece_only (only as a whole piece, never inside a longer one), in_context (its own text gives other tokens, but a text found — the witness — contains it), unreachable (no text tried contains it), undecodable (not UTF-8 alone), special, byte_fallback. JSON on stdout: vocab_size, counts, and one object per token.</source>
        <translation>すべてのトークンを分類します: reachable（そのテキストがちょうどそのトークンにエンコードされる）、whole_piece_only（ピース全体のときのみ。より長いピースの中には現れない）、in_context（そのテキストは別のトークンになるが、見つかったテキスト — 証拠テキスト — の中には現れる）、unreachable（試したどのテキストにも現れない）、undecodable（単独では UTF-8 でない）、special、byte_fallback。標準出力に JSON: vocab_size、counts、トークンごとに 1 つのオブジェクト。</translation>
    </message>
    <message>
        <source>do not look for a text that contains the tokens their own text does not give (they are then all unreachable)</source>
        <translation>自身のテキストからは得られないトークンについて、それを含むテキストを探さない（それらはすべて unreachable になる）</translation>
    </message>
    <message>
        <source>Compare two tokenizers: tokens shared (same or other id) and only in one, the longest run of ids from 0 that mean the same bytes, the merges&apos; shared prefix and first difference, and, given TEXT, where each cuts it (byte offsets). JSON on stdout, or a table with --format table.</source>
        <translation>2 つのトークナイザーを比べます: 共通のトークン（同じ ID・別の ID）と片方にしかないトークン、0 から続く同じバイト列を表す ID の範囲、マージの共通の先頭部分と最初の違い、TEXT を与えればそれぞれの区切り位置（バイトオフセット）。標準出力に JSON、--format table で表。</translation>
    </message>
    <message>
        <source>a conversation through the model&apos;s chat template: text, ids, tokens per message and role</source>
        <translation>モデルのチャットテンプレートを通した会話: テキスト、ID、メッセージごと・役割ごとのトークン数</translation>
    </message>
    <message>
        <source>Render a conversation with the tokenizer&apos;s chat template (tokenizer_config.json, chat_template.jinja, a GGUF&apos;s own) in a sandbox, then tokenize it: the text with its special tokens, the ids, tokens per message and per role, and the template&apos;s overhead. JSON on stdout, or a table with --format table.</source>
        <translation>トークナイザーのチャットテンプレート（tokenizer_config.json、chat_template.jinja、GGUF 内のもの）で会話をサンドボックス内に描画し、トークン化します: 特殊トークン付きのテキスト、ID、メッセージごと・役割ごとのトークン数、テンプレートのオーバーヘッド。標準出力に JSON、--format table で表。</translation>
    </message>
    <message>
        <source>a JSON list of {&quot;role&quot;, &quot;content&quot;} messages, or an object with &quot;messages&quot; (and &quot;tools&quot;)</source>
        <translation>{&quot;role&quot;, &quot;content&quot;} メッセージの JSON リスト、または &quot;messages&quot;（と &quot;tools&quot;）を持つオブジェクト</translation>
    </message>
    <message>
        <source>end with the start of the assistant&apos;s turn</source>
        <translation>最後にアシスタントの番の始まりを付ける</translation>
    </message>
    <message>
        <source>json (default) or table: a row per message</source>
        <translation>json（既定）または table: メッセージごとに 1 行</translation>
    </message>
    <message>
        <source>check that each turn&apos;s rendering extends the one before, text and ids (and each generation prompt the turn it is answered by); the first that does not is shown</source>
        <translation>各ターンの描画結果が、テキストと ID の両方で前の描画結果を延長しているか確認する（生成プロンプトは、それに答えるターンが延長しているか）。延長していない最初のものを表示</translation>
    </message>
    <message>
        <source>the text to draw (every view but compare)</source>
        <translation>描くテキスト（compare 以外のすべてのビュー）</translation>
    </message>
    <message>
        <source>what to draw (default layers); compare: a plot of the tokenizers compared on a parallel corpus</source>
        <translation>描くもの（既定は layers）。compare: 対訳コーパスでトークナイザーを比べたグラフ</translation>
    </message>
    <message>
        <source>playback: the whole text, each rank everywhere at once (default), or one piece at a time</source>
        <translation>再生: テキスト全体で各ランクをすべての箇所に一度に（既定）、または 1 ピースずつ</translation>
    </message>
    <message>
        <source>with --order piece: the piece to play (1 is the first; default: the first that merges)</source>
        <translation>--order piece で再生するピース（1 が最初。既定: 最初にマージのあるピース）</translation>
    </message>
    <message>
        <source>animation: steps a second (default 1.5)</source>
        <translation>アニメーション: 1 秒あたりのステップ数（既定 1.5）</translation>
    </message>
    <message>
        <source>animation: seconds the first frame stays (default 1)</source>
        <translation>アニメーション: 最初のフレームを表示する秒数（既定 1）</translation>
    </message>
    <message>
        <source>animation: seconds the last frame stays (default 2.5)</source>
        <translation>アニメーション: 最後のフレームを表示する秒数（既定 2.5）</translation>
    </message>
    <message>
        <source>pixels per point, from {low:g} to {high:g} (2 or 3 for slides; default 1)</source>
        <translation>1 ポイントあたりのピクセル数、{low:g} から {high:g} まで（スライドには 2 か 3。既定 1）</translation>
    </message>
    <message>
        <source>--view compare</source>
        <translation>--view compare</translation>
    </message>
    <message>
        <source>A plot of bpelens compare&apos;s results, drawn as the window draws it, at a slide&apos;s size: several -t, a corpus, a plot and a metric. Special-token strings count as text unless --special all is given (as in bpelens compare).</source>
        <translation>bpelens compare の結果のグラフを、ウィンドウと同じ描き方でスライドの大きさに描きます: 複数の -t、コーパス、グラフ、指標を指定します。--special all を指定しない限り、特殊トークンの文字列はテキストとして数えます（bpelens compare と同じ）。</translation>
    </message>
    <message>
        <source>the parallel corpus, as bpelens compare takes it (default demo, the bundled one)</source>
        <translation>対訳コーパス。bpelens compare と同じ指定（既定 demo: 同梱のもの）</translation>
    </message>
    <message>
        <source>bars (default): a metric per language and tokenizer; heatmap: the ratios to the reference; lorenz: each tokenizer&apos;s Lorenz curve and Gini</source>
        <translation>bars（既定）: 言語とトークナイザーごとの指標。heatmap: 基準言語に対する比。lorenz: 各トークナイザーのローレンツ曲線とジニ係数</translation>
    </message>
    <message>
        <source>the metric, named as in bpelens compare&apos;s JSON and CSV: {metrics} (default ratio; a heatmap takes ratio or mean_sentence_ratio)</source>
        <translation>指標。bpelens compare の JSON と CSV での名前: {metrics}（既定 ratio。heatmap は ratio か mean_sentence_ratio）</translation>
    </message>
    <message>
        <source>the language ratios are taken to (default: English when the corpus has it)</source>
        <translation>比の基準にする言語（既定: コーパスにあれば英語）</translation>
    </message>
    <message>
        <source>only these languages (default all)</source>
        <translation>これらの言語だけ（既定はすべて）</translation>
    </message>
    <message>
        <source>the plot&apos;s size in points, fonts and lines sized for it (default 1920x1080; --scale 2 makes a 3840x2160 PNG)</source>
        <translation>グラフの大きさ（ポイント）。文字と線はこの大きさに合わせます（既定 1920x1080。--scale 2 で 3840x2160 の PNG）</translation>
    </message>
    <message>
        <source>save a BPE tokenizer as tokenizer.json or .tiktoken</source>
        <translation>BPE トークナイザーを tokenizer.json または .tiktoken として保存する</translation>
    </message>
    <message>
        <source>a tokenizer file or folder, recognised by its content: tokenizer.json, a GGUF model (.gguf), *.tiktoken or Meta&apos;s tokenizer.model, Mistral&apos;s tekken.json, vocab.json + merges.txt, encoder.json + vocab.bpe, a SentencePiece model (.model, .model.v3), a model folder or Hugging Face cache entry, a file written by bpelens train, or a bundled demo by name ({demos})</source>
        <translation>トークナイザーのファイルまたはフォルダー（形式は内容で判定）: tokenizer.json、GGUF モデル（.gguf）、*.tiktoken や Meta の tokenizer.model、Mistral の tekken.json、vocab.json + merges.txt、encoder.json + vocab.bpe、SentencePiece モデル（.model、.model.v3）、モデルのフォルダーや Hugging Face のキャッシュ、bpelens train で書いたファイル、または同梱デモの名前（{demos}）</translation>
    </message>
    <message>
        <source>for a rank file (.tiktoken, Meta&apos;s tokenizer.model): the encoding it belongs to (e.g. o200k_harmony, llama3.0), when its name or hash does not say</source>
        <translation>ランクファイル（.tiktoken、Meta の tokenizer.model）用: 名前やハッシュから分からないときに、属するエンコーディング（例: o200k_harmony、llama3.0）</translation>
    </message>
    <message>
        <source>for a rank file no encoding is known for: its pre-tokenizer regex</source>
        <translation>エンコーディングの分からないランクファイル用: 事前トークナイザーの正規表現</translation>
    </message>
    <message>
        <source>Write a BPE tokenizer in another library&apos;s format: tokenizer.json (Hugging Face tokenizers) or a .tiktoken rank file plus OUT.json with its pattern and special tokens (tiktoken). Takes tokenizers trained in BPE Lens, vocabulary + merges BPE (tokenizer.json, vocab.json + merges.txt) and rank files; what a format cannot hold is refused.</source>
        <translation>BPE トークナイザーを他のライブラリの形式で書き出します: tokenizer.json（Hugging Face tokenizers）、または .tiktoken のランクファイルと、そのパターンと特殊トークンを収めた OUT.json（tiktoken）。BPE Lens で学習したトークナイザー、語彙 + マージの BPE（tokenizer.json、vocab.json + merges.txt）、ランクファイルを扱えます。形式に収まらないものは拒否します。</translation>
    </message>
    <message>
        <source>languages × tokenizers on a parallel corpus: tokens, ratios, Gini</source>
        <translation>対訳コーパスで言語 × トークナイザー: トークン数、比、ジニ係数</translation>
    </message>
    <message>
        <source>Encode every sentence of a parallel corpus with each tokenizer and compare languages: tokens, ratio to a reference language (corpus level T_l/T_ref and the mean of per-sentence ratios), bytes and characters per token, byte-fallback and split-character shares, distinct tokens, and per tokenizer the Gini coefficient of the per-language token totals, G = sum_i sum_j |x_i - x_j| / (2 n^2 mean(x)). Progress goes to stderr.</source>
        <translation>対訳コーパスの全文を各トークナイザーでエンコードし、言語を比べます: トークン数、基準言語に対する比（コーパス全体の T_l/T_ref と文ごとの比の平均）、トークンあたりのバイト数と文字数、バイトフォールバックと分割された文字の割合、異なりトークン数、さらにトークナイザーごとに言語別トークン総数のジニ係数 G = sum_i sum_j |x_i - x_j| / (2 n^2 mean(x))。進捗は標準エラー出力に出ます。</translation>
    </message>
    <message>
        <source>a folder or .tar.gz/.tar.xz archive of line-aligned files named by language (eng_Latn.devtest, newstest2019-ref.jpn.txt, ja.txt), a .tsv whose header names the languages (optional id column), a .jsonl of {&quot;lang&quot;, &quot;id&quot;, &quot;text&quot;} objects, or demo (the bundled 12-language corpus)</source>
        <translation>言語名の付いた行の揃ったファイル（eng_Latn.devtest、newstest2019-ref.jpn.txt、ja.txt）のフォルダーまたは .tar.gz/.tar.xz アーカイブ、ヘッダーで言語を示す .tsv（id 列は任意）、{&quot;lang&quot;, &quot;id&quot;, &quot;text&quot;} オブジェクトの .jsonl、または demo（同梱の 12 言語コーパス）</translation>
    </message>
    <message>
        <source>a tokenizer to compare (repeatable): any file or folder encode takes, a bundled demo ({demos}), or FILE@ENCODING for a .tiktoken file whose encoding is not recognised; the JSON names each as given</source>
        <translation>比べるトークナイザー（繰り返し指定可）: encode が受け付けるファイルまたはフォルダー、同梱のデモ（{demos}）、またはエンコーディングが認識されない .tiktoken ファイルには FILE@ENCODING。JSON では指定どおりの名前で示します</translation>
    </message>
    <message>
        <source>the language ratios are taken to (default: English when the corpus has it, else the first language)</source>
        <translation>比の基準にする言語（既定: コーパスにあれば英語、なければ最初の言語）</translation>
    </message>
    <message>
        <source>compare only these languages (codes or names, comma-separated; the reference is added); default: all</source>
        <translation>これらの言語だけを比べます（コードまたは名前をカンマ区切りで。基準言語は自動で加わります）。既定: すべて</translation>
    </message>
    <message>
        <source>none: special-token strings in the sentences are plain text (default); all: they become control tokens</source>
        <translation>none: 文中の特殊トークンの文字列は普通のテキスト（既定）。all: 制御トークンにします</translation>
    </message>
    <message>
        <source>count the tokens the tokenizer&apos;s post-processor adds around each sentence (BOS, EOS …); by default only the text&apos;s own</source>
        <translation>トークナイザーの後処理が各文の前後に加えるトークンも数えます（BOS、EOS …）。既定ではテキスト自身のものだけ</translation>
    </message>
    <message>
        <source>json (default), csv (a row per tokenizer × language) or a table for a terminal</source>
        <translation>json（既定）、csv（トークナイザー × 言語ごとに 1 行）、または端末向けの表</translation>
    </message>
    <message>
        <source>processes that encode the corpus (default 0: one per core; 1: this process only). The counts are the same; a corpus under 4 million characters is counted in this process</source>
        <translation>コーパスをエンコードするプロセスの数（既定は 0: コアごとに 1 つ。1: このプロセスだけ）。数え方の結果は同じです。400 万文字未満のコーパスはこのプロセスで数えます</translation>
    </message>
    <message>
        <source>Unigram: probability ∝ exp(alpha · score) (default 0.1; 0: all equally likely)</source>
        <translation>Unigram: 確率 ∝ exp(alpha · スコア)(既定 0.1。0: すべて等確率)</translation>
    </message>
    <message>
        <source>Unigram: sample among the N best, up to 512 (default -1: among all; 1: the best)</source>
        <translation>Unigram: 上位 N 個(512 まで)の中からサンプリング(既定 -1: すべての中から。1: 最良のもの)</translation>
    </message>
    <message>
        <source>the layers (codepoints, bytes, pieces, tokens) and merge steps</source>
        <translation>層（コードポイント、バイト、ピース、トークン）とマージ手順</translation>
    </message>
    <message>
        <source>Show how TEXT is tokenized, readable in a terminal.</source>
        <translation>TEXT がどうトークン化されるかを端末で読める形で表示します。</translation>
    </message>
    <message>
        <source>the same, as JSON</source>
        <translation>同じ内容を JSON で</translation>
    </message>
    <message>
        <source>which vocabulary tokens can ever come out (glitch tokens)</source>
        <translation>どの語彙トークンが出力されうるか（グリッチトークン）</translation>
    </message>
    <message>
        <source>json (default) or a summary table with the unreachable tokens</source>
        <translation>json（既定）、または到達不能なトークンを含む要約表</translation>
    </message>
    <message>
        <source>processes that encode the tokens&apos; texts (default 1: this process only; 0: one per core). The result is the same; starting them pays on machines with many cores. A vocabulary under 50,000 tokens, or a tokenizer not opened from a file, is audited in this process</source>
        <translation>トークンのテキストをエンコードするプロセスの数（既定の 1 はこのプロセスだけ、0 はコアごとに 1 つ）。結果は同じです。プロセスの起動はコアの多いマシンで元が取れます。50,000 トークン未満の語彙や、ファイルから開いていないトークナイザーはこのプロセスで監査します</translation>
    </message>
    <message>
        <source>two tokenizers compared: vocabulary, ids, merges, a text&apos;s cuts</source>
        <translation>2 つのトークナイザーを比べる: 語彙、ID、マージ、テキストの切れ目</translation>
    </message>
    <message>
        <source>give it twice: the left and the right tokenizer (a file, folder, bundled demo, or FILE@ENCODING)</source>
        <translation>2 回指定します: 左と右のトークナイザー（ファイル、フォルダー、同梱のデモ、または FILE@ENCODING）</translation>
    </message>
    <message>
        <source>a text to cut with both (optional)</source>
        <translation>両方で切るテキスト（任意）</translation>
    </message>
    <message>
        <source>json (default) or table: a row per fact, a column per tokenizer, for reading</source>
        <translation>json（既定）または table: 項目ごとに 1 行、トークナイザーごとに 1 列の読みやすい表</translation>
    </message>
    <message>
        <source>which of the model&apos;s templates (default: &quot;default&quot;), or chatml: a generic ChatML template, for a model without one</source>
        <translation>モデルのどのテンプレートか（既定: &quot;default&quot;）、または chatml: テンプレートのないモデル向けの汎用 ChatML テンプレート</translation>
    </message>
    <message>
        <source>continued BPE training: new merges on top of a tokenizer.json</source>
        <translation>BPE の継続学習: tokenizer.json の上に新しいマージ</translation>
    </message>
    <message>
        <source>Learn up to N new merges from a corpus on top of an existing BPE tokenizer.json (its own pre-tokenizer and segmentation), keeping every existing id, and write the extended tokenizer.json. A one-line JSON summary on stdout.</source>
        <translation>既存の BPE の tokenizer.json の上に（そのプリトークナイザーと分割のまま）コーパスから最大 N 個の新しいマージを学習し、既存の ID をすべて保ったまま、拡張した tokenizer.json を書き出します。標準出力に 1 行の JSON の要約。</translation>
    </message>
    <message>
        <source>a Hugging Face BPE tokenizer.json (or a BPE trained in BPE Lens)</source>
        <translation>Hugging Face の BPE の tokenizer.json（または BPE Lens で学習した BPE）</translation>
    </message>
    <message>
        <source>UTF-8 text, one text per line (repeatable)</source>
        <translation>UTF-8 のテキスト、1 行に 1 テキスト（繰り返し指定可）</translation>
    </message>
    <message>
        <source>how many merges to learn at most</source>
        <translation>学習するマージの最大数</translation>
    </message>
    <message>
        <source>stop when the best pair occurs fewer than K times (default 2)</source>
        <translation>最良のペアの出現が K 回未満になったら止めます（既定 2）</translation>
    </message>
    <message>
        <source>where to write the extended tokenizer.json</source>
        <translation>拡張した tokenizer.json の書き出し先</translation>
    </message>
    <message>
        <source>a parallel corpus (a file, folder, or demo): tokens per language before and after, in the summary&apos;s &quot;languages&quot;</source>
        <translation>対訳コーパス（ファイル、フォルダー、または demo）: 言語ごとの前後のトークン数を要約の &quot;languages&quot; に</translation>
    </message>
    <message>
        <source>with --compare: the languages to count (default all)</source>
        <translation>--compare と併用: 数える言語（既定はすべて）</translation>
    </message>
    <message>
        <source>a picture of a view for slides: SVG (vector) or PNG</source>
        <translation>スライド用のビューの画像: SVG（ベクター）または PNG</translation>
    </message>
    <message>
        <source>Draw the layers view, the shaped text or a frame of the merge playback of a text, whole, as an SVG (real chips and text, one group per token) or a PNG; headless. A one-line JSON summary on stdout.</source>
        <translation>テキストの層ビュー、整形テキスト、またはマージ再生の 1 フレームを、全体を SVG（実際のチップとテキスト、トークンごとに 1 グループ）または PNG として描きます。画面は不要です。標準出力に 1 行の JSON の要約。</translation>
    </message>
    <message>
        <source>playback: the frame after N merge steps (default: the last)</source>
        <translation>再生: N 回のマージ手順の後のフレーム（既定: 最後）</translation>
    </message>
    <message>
        <source>the picture; its suffix says the format. With --view playback, OUT.gif or OUT.apng is the whole playback animated</source>
        <translation>画像。拡張子で形式が決まります。--view playback では、OUT.gif または OUT.apng で再生全体をアニメーションにします</translation>
    </message>
    <message>
        <source>with --view playback: every step as numbered PNG files in the folder -o names (made if missing)</source>
        <translation>--view playback と併用: 各手順を、-o で指定したフォルダー（なければ作成）に番号付きの PNG ファイルとして書きます</translation>
    </message>
    <message>
        <source>light (default), dark, or high contrast for projectors</source>
        <translation>light（既定）、dark、またはプロジェクター向けの高コントラスト</translation>
    </message>
    <message>
        <source>where lines wrap, in points (default 1200)</source>
        <translation>行を折り返す幅、ポイント単位（既定 1200）</translation>
    </message>
    <message>
        <source>the end of a prompt: tokens that continue it, how many to back off (token healing)</source>
        <translation>プロンプトの末尾: それに続くトークンと、戻すべきトークン数（トークンヒーリング）</translation>
    </message>
    <message>
        <source>For the end of a prompt: the vocabulary tokens whose text continues its last tokens (&quot;:&quot; → &quot;://&quot;), how many of its last tokens some next token re-tokenizes (every token of the vocabulary tried: what token healing must back off), and, with --continuation, the canonical ids of prompt + continuation against the prompt&apos;s ids followed by the continuation&apos;s.</source>
        <translation>プロンプトの末尾について: テキストが末尾のトークンに続く語彙のトークン（&quot;:&quot; → &quot;://&quot;）、次のトークンによって再トークン化される末尾のトークンの数（語彙の全トークンを試行: トークンヒーリングが戻すべき分）、そして --continuation を指定すると、プロンプト + 続きの正準な ID と、プロンプトの ID の後に続きの ID を並べたものとの比較。</translation>
    </message>
    <message>
        <source>a text the model would write next: prompt + it, encoded whole, against the two encoded apart</source>
        <translation>モデルが次に書くテキスト: プロンプト + これをまとめてエンコードした結果を、別々にエンコードした結果と比べる</translation>
    </message>
    <message>
        <source>continuations and re-tokenizing next tokens to list (default 12)</source>
        <translation>一覧に出す、続きとなるトークンと再トークン化を起こす次のトークンの数（既定 12）</translation>
    </message>
    <message>
        <source>how much the tokens change when the text is lightly perturbed (typos, NFD, homoglyphs …)</source>
        <translation>テキストをわずかに摂動させたとき、トークンがどれだけ変わるか（タイプミス、NFD、ホモグリフ …）</translation>
    </message>
    <message>
        <source>Perturb each line (typo, strip_diacritics, add_diacritics, nfd, nfc, homoglyphs, zero_width, full_width, ocr) and measure, per language and kind, the tokens before and after, the tokens changed (len(a) - LCS(a, b) of the original ids a and the perturbed ids b) and the token edit distance (Levenshtein over the ids), with the lines that changed most. nfc is measured from each line&apos;s NFD form. JSON on stdout.</source>
        <translation>各行を摂動させ（typo、strip_diacritics、add_diacritics、nfd、nfc、homoglyphs、zero_width、full_width、ocr）、言語と種類ごとに、前後のトークン数、変化したトークン数（元の ID a と摂動後の ID b について len(a) - LCS(a, b)）、トークン編集距離（ID 上の Levenshtein 距離）を、最も変化した行とともに測定します。nfc は各行の NFD 形から測定します。標準出力に JSON。</translation>
    </message>
    <message>
        <source>a parallel corpus, as bpelens compare takes it (a folder or archive of line-aligned files, a .tsv, a .jsonl), or demo (the bundled 12-language corpus)</source>
        <translation>対訳コーパス。bpelens compare と同じ指定（行の揃ったファイルのフォルダーかアーカイブ、.tsv、.jsonl）、または demo（同梱の 12 言語コーパス）</translation>
    </message>
    <message>
        <source>a UTF-8 text file, one line a text (blank lines are left out)</source>
        <translation>UTF-8 のテキストファイル。1 行に 1 テキスト（空行は除外）</translation>
    </message>
    <message>
        <source>the perturbations, comma-separated (default: all of {kinds})</source>
        <translation>摂動の種類（カンマ区切り。既定: {kinds} のすべて）</translation>
    </message>
    <message>
        <source>with --corpus: only these languages (codes or names); default: all</source>
        <translation>--corpus と共に: これらの言語のみ（コードまたは名前）。既定: すべて</translation>
    </message>
    <message>
        <source>the first N lines (per language); default: all</source>
        <translation>先頭の N 行（言語ごと）。既定: すべて</translation>
    </message>
    <message>
        <source>the seed of the perturbations&apos; random choices (default 0)</source>
        <translation>摂動の乱数選択のシード（既定 0）</translation>
    </message>
    <message>
        <source>the share of eligible places a rate-based kind changes, 0 to 1 (default 0.1; at least one place in a line that has any)</source>
        <translation>率に基づく種類が変更する対象箇所の割合、0 から 1（既定 0.1。対象箇所のある行では最低 1 か所）</translation>
    </message>
    <message>
        <source>lines with the largest edit distance to list per kind and language (default 5)</source>
        <translation>種類と言語ごとに一覧に出す、編集距離が最大の行の数（既定 5）</translation>
    </message>
    <message>
        <source>none: special-token strings in the lines are plain text (default); all: they become control tokens</source>
        <translation>none: 行中の特殊トークンの文字列は普通のテキスト（既定）。all: 制御トークンにします</translation>
    </message>
    <message>
        <source>measure this tokenizer too, on the same perturbed lines (repeatable); its report is in &quot;others&quot;</source>
        <translation>このトークナイザーも同じ摂動後の行で測ります（繰り返し指定可）。結果は &quot;others&quot; に入ります</translation>
    </message>
    <message>
        <source>pathologies that make encoding slow: backtracking patterns, pieces without a length bound, thousands of added tokens</source>
        <translation>エンコードを遅くする問題: バックトラックするパターン、長さに上限のないピース、数千の追加トークン</translation>
    </message>
    <message>
        <source>Find what makes this tokenizer slow on the wrong input: pre-tokenizer regexes that can backtrack catastrophically, pre-token classes with no length bound (a run of one letter stays one piece), and thousands of added tokens. Each finding names the field, says why, gives a generated worst-case input, and times encoding it at doubling lengths (CPU time, median of three), with the exponent of a log-log fit (1 linear, 2 quadratic).</source>
        <translation>不適切な入力でこのトークナイザーを遅くする原因を見つけます: 破滅的にバックトラックしうるプリトークナイザーの正規表現、長さに上限のないプレトークンのクラス（1 文字の連続が 1 つのピースのまま残る）、数千の追加トークン。各検出結果はフィールドを挙げて理由を述べ、生成した最悪ケースの入力を示し、長さを倍々にしながらそのエンコード時間を計ります（CPU 時間、3 回の中央値）。両対数フィットの指数（1 なら線形、2 なら二次）も示します。</translation>
    </message>
    <message>
        <source>stop lengthening an input once encoding it takes more than S CPU seconds; all the timing stops after {budget} times S (default {value})</source>
        <translation>入力のエンコードが S CPU 秒を超えたら、その入力を長くするのをやめる。計測全体は S の {budget} 倍で打ち切る（既定 {value}）</translation>
    </message>
    <message>
        <source>only find and describe; time nothing</source>
        <translation>検出と説明のみ。時間は計らない</translation>
    </message>
    <message>
        <source>residue tokens: formed by merges, rarely in the output (LiteToken)</source>
        <translation>残留トークン: マージで作られるが、出力にはまれにしか現れないトークン（LiteToken）</translation>
    </message>
    <message>
        <source>Trace the merges of every piece of a corpus and count, per token, how often it ends in the output (final) and how often a later merge absorbs it. A residue is formed at least --min-formed times with a final share final / (absorbed + final) below --max-final-share. Removing the residues while their merges stay as internal steps writes each final one as its parts: the JSON gives the vocabulary freed and the corpus&apos;s tokens before and after. Each line is encoded on its own.</source>
        <translation>コーパスのすべてのピースのマージをトレースし、トークンごとに、出力に残る回数（final）と後のマージに吸収される回数を数えます。残留トークンとは、--min-formed 回以上作られ、最終割合 final / (absorbed + final) が --max-final-share 未満のものです。マージを内部の手順として残したまま残留トークンを取り除くと、出力に残っていた各出現はその部分に分けて書かれます: JSON には空いた語彙と、前後のコーパスのトークン数を示します。各行は個別にエンコードします。</translation>
    </message>
    <message>
        <source>a parallel corpus, as compare takes it (default demo): every language&apos;s sentences</source>
        <translation>対訳コーパス。compare と同じ指定（既定 demo）: すべての言語の文</translation>
    </message>
    <message>
        <source>a UTF-8 text file instead, one line at a time (- for standard input)</source>
        <translation>代わりに UTF-8 のテキストファイル。1 行ずつ（- で標準入力）</translation>
    </message>
    <message>
        <source>at most N lines of the file, or N sentences of each language (default: all)</source>
        <translation>ファイルの最大 N 行、または各言語の最大 N 文（既定: すべて）</translation>
    </message>
    <message>
        <source>a token must be formed at least M times to be judged (default {value})</source>
        <translation>判定するには、トークンが M 回以上生成されている必要があります（既定 {value}）</translation>
    </message>
    <message>
        <source>a residue ends in the output in less than this share of its occurrences (default {value})</source>
        <translation>残留トークンとは、出現のうち出力に残る割合がこれ未満のトークンです（既定 {value}）</translation>
    </message>
    <message>
        <source>residues listed, most formed first (default {value}; 0: none)</source>
        <translation>一覧に出す残留トークンの数。生成回数の多い順（既定 {value}。0: 出さない）</translation>
    </message>
</context>
<context>
    <name>CliInspect</name>
    <message>
        <source>{name}: {model}; {ids} ids with specials; pre-tokenizer {pretokenizer}; normalizer {normalizer}</source>
        <translation>{name}: {model}。特殊トークン込みで ID {ids} 個。プリトークナイザー {pretokenizer}。正規化 {normalizer}</translation>
    </message>
    <message>
        <source>(unnamed)</source>
        <translation>（名前なし）</translation>
    </message>
    <message>
        <source>tokenizer  {description}</source>
        <translation>トークナイザー  {description}</translation>
    </message>
    <message>
        <source>text       {text}</source>
        <translation>テキスト        {text}</translation>
    </message>
    <message>
        <source>normalized {text}</source>
        <translation>正規化後        {text}</translation>
    </message>
    <message>
        <source>           {characters} characters, {bytes} bytes, {tokens} tokens, {ratio} bytes/token, round trip {round_trip}</source>
        <translation>                {characters} 文字、{bytes} バイト、{tokens} トークン、{ratio} バイト/トークン、ラウンドトリップ {round_trip}</translation>
    </message>
    <message>
        <source>warning    {warning}</source>
        <translation>警告            {warning}</translation>
    </message>
    <message>
        <source>codepoints ({count})</source>
        <translation>コードポイント（{count}）</translation>
    </message>
    <message>
        <source>bytes {start}–{end}</source>
        <translation>バイト {start}–{end}</translation>
    </message>
    <message>
        <source>pieces ({count})</source>
        <translation>ピース（{count}）</translation>
    </message>
    <message>
        <source>special</source>
        <translation>特殊</translation>
    </message>
    <message>
        <source>tokens ({count})</source>
        <translation>トークン（{count}）</translation>
    </message>
    <message>
        <source>  starts and ends inside {chars}</source>
        <translation>  {chars} の内側で始まり内側で終わる</translation>
    </message>
    <message>
        <source>  starts inside {chars}</source>
        <translation>  {chars} の内側で始まる</translation>
    </message>
    <message>
        <source>  ends inside {chars}</source>
        <translation>  {chars} の内側で終わる</translation>
    </message>
    <message>
        <source>merges</source>
        <translation>マージ</translation>
    </message>
    <message>
        <source>  piece {index} [{text}]  {steps} steps</source>
        <translation>  ピース {index} [{text}]  {steps} 手順</translation>
    </message>
    <message>
        <source>    start  {tokens}</source>
        <translation>    開始   {tokens}</translation>
    </message>
    <message>
        <source>rank {rank:&lt;6} {left} + {right} → {new} (id {id})   {tokens}</source>
        <translation>ランク {rank:&lt;6} {left} + {right} → {new}（ID {id}）   {tokens}</translation>
    </message>
</context>
<context>
    <name>CliTrain</name>
    <message>
        <source>counting pieces…</source>
        <translation>ピースを数えています…</translation>
    </message>
    <message>
        <source>{phase}: {done}/{total} merges</source>
        <translation>{phase}: マージ {done}/{total}</translation>
    </message>
    <message>
        <source>, last chosen by {chooser}</source>
        <translation>、直近の選択は {chooser}</translation>
    </message>
    <message>
        <source>the summed counts</source>
        <translation>合計頻度</translation>
    </message>
    <message>
        <source>, dev Gini {gini:.4f}</source>
        <translation>、開発セットのジニ係数 {gini:.4f}</translation>
    </message>
    <message>
        <source>training stopped without a result</source>
        <translation>学習が結果なしで止まりました</translation>
    </message>
    <message>
        <source>done: {merges} merges</source>
        <translation>完了: マージ {merges} 個</translation>
    </message>
    <message>
        <source>done: {merges} merge</source>
        <translation>完了: マージ {merges} 個</translation>
    </message>
    <message>
        <source> (no pair occurs {minimum} times or more)</source>
        <translation>（{minimum} 回以上現れるペアがありません）</translation>
    </message>
    <message>
        <source> (no language has a pair occurring {minimum} times or more)</source>
        <translation>（{minimum} 回以上現れるペアを持つ言語がありません）</translation>
    </message>
    <message>
        <source> (no pair left to merge: every piece is one token)</source>
        <translation>（マージするペアが残っていません: どのピースも 1 トークンです）</translation>
    </message>
    <message>
        <source>, vocabulary {size}</source>
        <translation>、語彙 {size}</translation>
    </message>
    <message>
        <source>, vocabulary {size} of {target}</source>
        <translation>、語彙 {size} / {target}</translation>
    </message>
    <message>
        <source>counting</source>
        <translation>計数</translation>
    </message>
    <message>
        <source>merging</source>
        <translation>マージ中</translation>
    </message>
    <message>
        <source>done</source>
        <translation>完了</translation>
    </message>
</context>
<context>
    <name>CliWarning</name>
    <message>
        <source>standard input</source>
        <translation>標準入力</translation>
    </message>
    <message>
        <source>the text argument</source>
        <translation>テキスト引数</translation>
    </message>
    <message>
        <source>{count} bytes of {source} are not UTF-8 (the first at byte {offset}); each is read as U+FFFD</source>
        <translation>{source} の {count} バイトが UTF-8 ではありません（最初はバイト {offset}）。それぞれ U+FFFD として読みます</translation>
    </message>
    <message>
        <source>{count} byte of {source} is not UTF-8 (at byte {offset}); it is read as U+FFFD</source>
        <translation>{source} の {count} バイトが UTF-8 ではありません（バイト {offset}）。U+FFFD として読みます</translation>
    </message>
    <message>
        <source>{count} lone surrogate(s) replaced by U+FFFD at character(s) {positions}</source>
        <translation>孤立サロゲート {count} 個を U+FFFD に置き換えました（文字位置 {positions}）</translation>
    </message>
    <message>
        <source>{token} at character {start}</source>
        <translation>文字位置 {start} の {token}</translation>
    </message>
    <message>
        <source>special-token strings encoded as plain text: {matches}</source>
        <translation>特殊トークンの文字列を普通のテキストとしてエンコードしました: {matches}</translation>
    </message>
    <message>
        <source>special-token strings in the text were read as control tokens: {matches}</source>
        <translation>テキスト中の特殊トークンの文字列を制御トークンとして読みました: {matches}</translation>
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
        <source>auto ({n})</source>
        <translation>自動（{n}）</translation>
    </message>
    <message>
        <source>How many processes count a large corpus (4 million characters or more): auto is one per core, 1 counts in the window&apos;s own process. The counts are the same.</source>
        <translation>大きなコーパス（400 万文字以上）を数えるプロセスの数。自動はコアごとに 1 つ、1 はウィンドウ自身のプロセスで数えます。数え方はどちらも同じ結果になります。</translation>
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
        <source>Save the plot shown for slides: PNG at a chosen size and scale, or SVG</source>
        <translation>表示中のグラフをスライド用に保存します: 大きさと倍率を選んだ PNG、または SVG</translation>
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
        <source>Processes</source>
        <translation>プロセス数</translation>
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
        <source>Could not export to {path}: {error}</source>
        <translation>{path} にエクスポートできませんでした: {error}</translation>
    </message>
    <message>
        <source>Saved {path}</source>
        <translation>{path} を保存しました</translation>
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
        <source>Unigram sampling: a segmentation is drawn with probability ∝ exp(alpha · its score); 0 draws them all equally often</source>
        <translation>Unigram サンプリング: 分割は確率 ∝ exp(alpha · スコア)で抽出されます。0 ではすべて等確率です</translation>
    </message>
    <message>
        <source>Unigram sampling among the n best segmentations; −1: among all of them; 0 or 1: the best one (sentencepiece&apos;s nbest_size)</source>
        <translation>上位 n 個の分割からの Unigram サンプリング。−1: すべての分割から。0 か 1: 最良の分割(sentencepiece の nbest_size)</translation>
    </message>
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
        <source>Unigram sampling: alpha</source>
        <translation>Unigram サンプリング: alpha</translation>
    </message>
    <message>
        <source>n-best</source>
        <translation>n-best</translation>
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
    <message>
        <source>Unigram sampling: {error}</source>
        <translation>Unigram サンプリング: {error}</translation>
    </message>
    <message>
        <source>Unigram sampling alpha={alpha:g}, n-best {nbest}: {total:,} segmentations; probability, then the share of {samples:,} draws (seed {seed})</source>
        <translation>Unigram サンプリング alpha={alpha:g}、n-best {nbest}: {total:,} 通りの分割。確率、続いて {samples:,} 回の抽出での割合(シード {seed})</translation>
    </message>
    <message>
        <source>  {rest:7.2%}  the other segmentations</source>
        <translation>  {rest:7.2%}  その他の分割</translation>
    </message>
</context>
<context>
    <name>CorpusBox</name>
    <message>
        <source>Open a text file, one text per line…</source>
        <translation>テキストファイルを開く（1 行に 1 テキスト）…</translation>
    </message>
    <message>
        <source>A text file, one text per line</source>
        <translation>テキストファイル（1 行に 1 テキスト）</translation>
    </message>
    <message>
        <source>Text (*.txt);;All files (*)</source>
        <translation>テキスト (*.txt);;すべてのファイル (*)</translation>
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
    <message>
        <source>demo (12 languages)</source>
        <translation>デモ（12 言語）</translation>
    </message>
</context>
<context>
    <name>CorpusLines</name>
    <message>
        <source>{name}: not UTF-8 text; save it as UTF-8</source>
        <translation>{name}: UTF-8 のテキストではありません。UTF-8 で保存してください</translation>
    </message>
    <message>
        <source>{name}: cannot read it ({reason})</source>
        <translation>{name}: 読めません（{reason}）</translation>
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
        <source>; it comes out in {witness}</source>
        <translation>; {witness} では出現する</translation>
    </message>
    <message>
        <source> (the merges alone make something else, so never inside a longer piece)</source>
        <translation>（マージだけでは別のものになるため、長いピースの中には現れない）</translation>
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
        <source>id {id}</source>
        <translation>ID {id}</translation>
    </message>
    <message>
        <source>id {id} · rank {rank}</source>
        <translation>ID {id} · ランク {rank}</translation>
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
        <source>the same ids</source>
        <translation>ID は同じです</translation>
    </message>
    <message>
        <source>the ids differ in {count} places:</source>
        <translation>ID が {count} か所で異なります:</translation>
    </message>
    <message>
        <source>characters {start}–{end}, {stage}: {reason}</source>
        <translation>文字 {start}〜{end}、{stage}: {reason}</translation>
    </message>
    <message>
        <source>Compared.</source>
        <translation>比較しました。</translation>
    </message>
</context>
<context>
    <name>EncodeJob</name>
    <message>
        <source>up to character {cut:,}: line {line:,} has {length:,} (the layers view shows all)</source>
        <translation>{cut:,} 文字目まで: {line:,} 行目は {length:,} 文字あります（層ビューはすべて表示します）</translation>
    </message>
    <message>
        <source>Encoding {n:,} characters…</source>
        <translation>{n:,} 文字をエンコードしています…</translation>
    </message>
    <message>
        <source>Laying out {n:,} tokens…</source>
        <translation>{n:,} トークンを配置しています…</translation>
    </message>
</context>
<context>
    <name>Engine</name>
    <message>
        <source> (and {count} more)</source>
        <translation>（ほか {count} 個）</translation>
    </message>
    <message>
        <source> (token {index}, id {tid})</source>
        <translation>（トークン {index}、ID {tid}）</translation>
    </message>
    <message>
        <source> ({extras})</source>
        <translation> ({extras})</translation>
    </message>
    <message>
        <source>, {what}</source>
        <translation>、{what}</translation>
    </message>
    <message>
        <source>--add {add!r}: expected a number of merges from 1 to {max_new:,}</source>
        <translation>--add {add!r}: 1 から {max_new:,} までのマージ数を指定してください</translation>
    </message>
    <message>
        <source>--temperature {alpha!r}: give a number above 0 and at most 10 (1 keeps the data&apos;s proportions, 0.3 flattens them as XLM-R)</source>
        <translation>--temperature {alpha!r}: 0 より大きく 10 以下の数を指定してください（1 はデータの比率を保ち、0.3 は XLM-R と同様に比率を平坦化します）</translation>
    </message>
    <message>
        <source>--temperature: a language&apos;s share rounds to 0; use a smaller α</source>
        <translation>--temperature: ある言語の割合が丸められて 0 になります。より小さい α を使ってください</translation>
    </message>
    <message>
        <source>--temperature: the training text is empty</source>
        <translation>--temperature: 学習テキストが空です</translation>
    </message>
    <message>
        <source>/{query}/ is not a valid regular expression: {exc}</source>
        <translation>/{query}/ は有効な正規表現ではありません: {exc}</translation>
    </message>
    <message>
        <source>/{query}/ took longer than {regex_seconds:.0f} s over the vocabulary; simplify it</source>
        <translation>/{query}/ は語彙全体に対して {regex_seconds:.0f} 秒以上かかりました。もっと単純にしてください</translation>
    </message>
    <message>
        <source>BPE-dropout needs a BPE model; this one is {describe}</source>
        <translation>BPE-dropout には BPE モデルが必要です。このモデルは {describe} です</translation>
    </message>
    <message>
        <source>JSON nested more than {max_depth} levels deep (Hugging Face&apos;s reader refuses it too)</source>
        <translation>JSON の入れ子が {max_depth} 階層を超えています（Hugging Face のリーダーも読み込みを拒否します）</translation>
    </message>
    <message>
        <source>JSON nested too deeply to read</source>
        <translation>JSON の入れ子が深すぎて読み込めません</translation>
    </message>
    <message>
        <source>Learning merges: {done:,} of {add:,}</source>
        <translation>マージを学習中: {add:,} 個中 {done:,} 個</translation>
    </message>
    <message>
        <source>Metaspace replacement must be one character, not {replacement!r}</source>
        <translation>Metaspace の replacement は 1 文字でなければなりません（{replacement!r} ではありません）</translation>
    </message>
    <message>
        <source>Reading the corpus: {number:,} lines</source>
        <translation>コーパスを読み込み中: {number:,} 行</translation>
    </message>
    <message>
        <source>SentencePiece {family}, {pieces} pieces{extra}, {unknown}{fallback}</source>
        <translation>SentencePiece {family}、ピース {pieces} 個{extra}、{unknown}{fallback}</translation>
    </message>
    <message>
        <source>Unigram, {pieces} pieces, {unknown}</source>
        <translation>Unigram、ピース {pieces} 個、{unknown}</translation>
    </message>
    <message>
        <source>Unigram, {pieces} pieces, {unknown}, byte fallback</source>
        <translation>Unigram、ピース {pieces} 個、{unknown}、バイトフォールバック</translation>
    </message>
    <message>
        <source>WordPiece, {tokens} tokens ({continuing}), unknown {unknown!r}, words over {longest} characters are unknown</source>
        <translation>WordPiece、トークン {tokens} 個（{continuing}）、未知トークン {unknown!r}、{longest} 文字を超える単語は未知</translation>
    </message>
    <message>
        <source>a .tiktoken file holds byte-level tokens; this tokenizer is character-level</source>
        <translation>.tiktoken ファイルはバイトレベルのトークンを保持しますが、このトークナイザーは文字レベルです</translation>
    </message>
    <message>
        <source>a Unigram lattice needs a Unigram tokenizer; this one is {describe}</source>
        <translation>Unigram ラティスには Unigram トークナイザーが必要です。このトークナイザーは {describe} です</translation>
    </message>
    <message>
        <source>a Unigram model needs NORMAL or USER_DEFINED pieces; it has none</source>
        <translation>Unigram モデルには NORMAL または USER_DEFINED のピースが必要ですが、1 つもありません</translation>
    </message>
    <message>
        <source>a character alphabet must be unique characters in code point order</source>
        <translation>文字のアルファベットは、重複のない文字をコードポイント順に並べたものでなければなりません</translation>
    </message>
    <message>
        <source>a corpus archive</source>
        <translation>コーパスのアーカイブ</translation>
    </message>
    <message>
        <source>a digits pre-tokenizer&apos;s &quot;individual&quot; must be true or false, not {individual!r}</source>
        <translation>digits プレトークナイザーの &quot;individual&quot; は true または false でなければなりません（{individual!r} ではありません）</translation>
    </message>
    <message>
        <source>a list</source>
        <translation>リスト</translation>
    </message>
    <message>
        <source>a list of {count}</source>
        <translation>要素 {count} 個のリスト</translation>
    </message>
    <message>
        <source>a normalizer must be a name or an object with a &quot;type&quot; string, not {config!r}</source>
        <translation>ノーマライザーは名前か、&quot;type&quot; 文字列を持つオブジェクトでなければなりません（{config!r} ではありません）</translation>
    </message>
    <message>
        <source>a number</source>
        <translation>数値</translation>
    </message>
    <message>
        <source>a number or null</source>
        <translation>数値または null</translation>
    </message>
    <message>
        <source>a one-character string</source>
        <translation>1 文字の文字列</translation>
    </message>
    <message>
        <source>a parallel corpus file</source>
        <translation>対訳コーパスのファイル</translation>
    </message>
    <message>
        <source>a piece name or unk_surface is not UTF-8 text</source>
        <translation>ピース名または unk_surface が UTF-8 テキストではありません</translation>
    </message>
    <message>
        <source>a pre-tokenizer must be a name or an object with a &quot;type&quot; string, not {config!r}</source>
        <translation>プレトークナイザーは名前か、&quot;type&quot; 文字列を持つオブジェクトでなければなりません（{config!r} ではありません）</translation>
    </message>
    <message>
        <source>a regex pre-tokenizer needs a &apos;preset&apos; or a non-empty &apos;pattern&apos;</source>
        <translation>regex プレトークナイザーには &apos;preset&apos; か空でない &apos;pattern&apos; が必要です</translation>
    </message>
    <message>
        <source>a sequence {what} needs a list under &apos;{key}&apos;</source>
        <translation>sequence の {what} には &apos;{key}&apos; にリストが必要です</translation>
    </message>
    <message>
        <source>a string</source>
        <translation>文字列</translation>
    </message>
    <message>
        <source>a tiktoken vocabulary needs all 256 single bytes; missing {missing_count}, e.g. byte 0x{missing:02X}</source>
        <translation>tiktoken の語彙には 256 個の単一バイトすべてが必要です。{missing_count} 個が欠けています（例: バイト 0x{missing:02X}）</translation>
    </message>
    <message>
        <source>a vocabulary without merges: put merges.txt (or vocab.bpe) beside it</source>
        <translation>マージのない語彙です。merges.txt（または vocab.bpe）を同じ場所に置いてください</translation>
    </message>
    <message>
        <source>a whole number from 0 to {largest:,}</source>
        <translation>0 から {largest:,} までの整数</translation>
    </message>
    <message>
        <source>a whole number ≥ 0</source>
        <translation>0 以上の整数</translation>
    </message>
    <message>
        <source>a {describe} model cannot be written as {fmt} (it takes BPE trained in BPE Lens, or vocabulary + merges BPE for tokenizer.json, or tiktoken ranks for .tiktoken)</source>
        <translation>{describe} モデルは {fmt} として書き出せません（BPE Lens で学習した BPE、tokenizer.json なら語彙 + マージの BPE、.tiktoken なら tiktoken のランクが必要です）</translation>
    </message>
    <message>
        <source>added token {content!r} needs a whole-number id from 0 to {max_token_id:,}, not {id!r}</source>
        <translation>追加トークン {content!r} には 0 から {max_token_id:,} までの整数の ID が必要です（{id!r} ではありません）</translation>
    </message>
    <message>
        <source>after the merges SentencePiece splits unused pieces back and turns unknown characters into &lt;unk&gt; or bytes (&lt;0xNN&gt;)</source>
        <translation>マージの後、SentencePiece は使われないピースを分割し直し、未知の文字を &lt;unk&gt; かバイト (&lt;0xNN&gt;) に変えます</translation>
    </message>
    <message>
        <source>alpha must be a positive number, not {alpha!r}</source>
        <translation>alpha は正の数でなければなりません（{alpha!r} ではありません）</translation>
    </message>
    <message>
        <source>alphabet entry {ch!r} is not a single character</source>
        <translation>アルファベットの項目 {ch!r} は 1 文字ではありません</translation>
    </message>
    <message>
        <source>an added token must not be the empty string</source>
        <translation>追加トークンを空文字列にすることはできません</translation>
    </message>
    <message>
        <source>an end-of-word marker that is a symbol of its own (seed 001&apos;s &lt;/w&gt;) has no tokenizer.json equivalent (HF&apos;s end_of_word_suffix glues it to the last character)</source>
        <translation>それ自体が 1 つの記号である単語末マーカー（seed 001 の &lt;/w&gt;）に相当するものは tokenizer.json にありません（HF の end_of_word_suffix は最後の文字に結合します）</translation>
    </message>
    <message>
        <source>an object</source>
        <translation>オブジェクト</translation>
    </message>
    <message>
        <source>byte fallback</source>
        <translation>バイトフォールバック</translation>
    </message>
    <message>
        <source>byte-level</source>
        <translation>バイトレベル</translation>
    </message>
    <message>
        <source>byte-level BPE (tiktoken ranks), {tokens} tokens</source>
        <translation>バイトレベル BPE（tiktoken のランク）、トークン {tokens} 個</translation>
    </message>
    <message>
        <source>byte_fallback is true, but the byte piece {missing} is missing (all 256 are needed)</source>
        <translation>byte_fallback は true ですが、バイトピース {missing} がありません（256 個すべてが必要です）</translation>
    </message>
    <message>
        <source>bytes</source>
        <translation>バイト</translation>
    </message>
    <message>
        <source>cannot list this folder ({strerror})</source>
        <translation>このフォルダーの一覧を取得できません（{strerror}）</translation>
    </message>
    <message>
        <source>cannot read ({strerror})</source>
        <translation>読み込めません（{strerror}）</translation>
    </message>
    <message>
        <source>cannot write ({strerror})</source>
        <translation>書き込めません（{strerror}）</translation>
    </message>
    <message>
        <source>cannot write ({value})</source>
        <translation>書き込めません（{value}）</translation>
    </message>
    <message>
        <source>character {char!r} (U+{code:04X}) at offset {index} is in no piece of this Unigram vocabulary, and the model has no unknown token (unk_id is null)</source>
        <translation>オフセット {index} の文字 {char!r}（U+{code:04X}）はこの Unigram 語彙のどのピースにも含まれず、モデルに未知トークンもありません（unk_id が null）</translation>
    </message>
    <message>
        <source>character {char!r} (U+{code:04X}) at offset {index} is not in this character-level vocabulary, which has no byte fallback</source>
        <translation>オフセット {index} の文字 {char!r}（U+{code:04X}）はこの文字レベルの語彙になく、バイトフォールバックもありません</translation>
    </message>
    <message>
        <source>character-level</source>
        <translation>文字レベル</translation>
    </message>
    <message>
        <source>choose at least one language</source>
        <translation>言語を 1 つ以上選んでください</translation>
    </message>
    <message>
        <source>choose at least one tokenizer</source>
        <translation>トークナイザーを 1 つ以上選んでください</translation>
    </message>
    <message>
        <source>components are nested too deeply</source>
        <translation>コンポーネントの入れ子が深すぎます</translation>
    </message>
    <message>
        <source>continued training joins the vocabulary&apos;s strings, which a continuing_subword_prefix or end_of_word_suffix makes ambiguous: give a BPE without them</source>
        <translation>継続学習では語彙の文字列を連結しますが、continuing_subword_prefix や end_of_word_suffix があると曖昧になります。これらのない BPE を指定してください</translation>
    </message>
    <message>
        <source>continued training needs a BPE tokenizer.json or BPE trained in BPE Lens (this one is {describe})</source>
        <translation>継続学習には BPE の tokenizer.json か BPE Lens で学習した BPE が必要です（これは {describe} です）</translation>
    </message>
    <message>
        <source>dropout {p!r}: expected a probability from 0 to 1</source>
        <translation>dropout {p!r}: 0 から 1 までの確率を指定してください</translation>
    </message>
    <message>
        <source>empty; a rank file has one &apos;base64-token rank&apos; per line</source>
        <translation>空です。ランクファイルには 1 行に 1 つずつ &apos;base64-token rank&apos; を書きます</translation>
    </message>
    <message>
        <source>end-of-word {marker}</source>
        <translation>語末記号 {marker}</translation>
    </message>
    <message>
        <source>end_of_word and byte_fallback apply to character-level training only</source>
        <translation>end_of_word と byte_fallback は文字レベルの学習にのみ適用されます</translation>
    </message>
    <message>
        <source>expected &quot;byte&quot; or &quot;char&quot;</source>
        <translation>&quot;byte&quot; または &quot;char&quot; が必要です</translation>
    </message>
    <message>
        <source>expected [left id, right id, new id] integers</source>
        <translation>[left id, right id, new id] の整数が必要です</translation>
    </message>
    <message>
        <source>expected [left_id, right_id, count]</source>
        <translation>[left_id, right_id, count] が必要です</translation>
    </message>
    <message>
        <source>expected [piece, count]</source>
        <translation>[piece, count] が必要です</translation>
    </message>
    <message>
        <source>expected a JSON object</source>
        <translation>JSON オブジェクトが必要です</translation>
    </message>
    <message>
        <source>expected a list</source>
        <translation>リストが必要です</translation>
    </message>
    <message>
        <source>expected a list of [piece, count]</source>
        <translation>[piece, count] のリストが必要です</translation>
    </message>
    <message>
        <source>expected a list of characters</source>
        <translation>文字のリストが必要です</translation>
    </message>
    <message>
        <source>expected a list of language names</source>
        <translation>言語名のリストが必要です</translation>
    </message>
    <message>
        <source>expected a list of {count} counts (before the merges and after each)</source>
        <translation>{count} 個のカウントのリストが必要です（マージ前と各マージ後）</translation>
    </message>
    <message>
        <source>expected a non-empty list of [left_id, right_id, count]</source>
        <translation>空でない [left_id, right_id, count] のリストが必要です</translation>
    </message>
    <message>
        <source>expected a string</source>
        <translation>文字列が必要です</translation>
    </message>
    <message>
        <source>expected a string or null</source>
        <translation>文字列または null が必要です</translation>
    </message>
    <message>
        <source>expected a training size of 1 or more and a dev size of 0 or more, not {train}/{dev}</source>
        <translation>学習サイズは 1 以上、dev サイズは 0 以上でなければなりません（{train}/{dev} ではありません）</translation>
    </message>
    <message>
        <source>expected an integer</source>
        <translation>整数が必要です</translation>
    </message>
    <message>
        <source>expected an integer or a &quot;p/q&quot; string</source>
        <translation>整数または &quot;p/q&quot; 形式の文字列が必要です</translation>
    </message>
    <message>
        <source>expected an object</source>
        <translation>オブジェクトが必要です</translation>
    </message>
    <message>
        <source>expected an object mapping strings to integer ids</source>
        <translation>文字列を整数 ID に対応付けるオブジェクトが必要です</translation>
    </message>
    <message>
        <source>expected the merge of rank {rank} with its count: [{left_id}, {right_id}, {merge_counts}]</source>
        <translation>ランク {rank} のマージとそのカウントが必要です: [{left_id}, {right_id}, {merge_counts}]</translation>
    </message>
    <message>
        <source>expected true/false</source>
        <translation>true/false が必要です</translation>
    </message>
    <message>
        <source>expected {merges} language indexes (-1 for the summed counts)</source>
        <translation>{merges} 個の言語インデックスが必要です（合算カウントは -1）</translation>
    </message>
    <message>
        <source>expected {merges} rows of {languages_count} token totals, or none</source>
        <translation>{languages_count} 個のトークン合計からなる行が {merges} 行必要です（またはなし）</translation>
    </message>
    <message>
        <source>give one of them to -t (-t {folder}/NAME)</source>
        <translation>-t にそのいずれかを指定してください（-t {folder}/NAME）</translation>
    </message>
    <message>
        <source>global merges must be 0 or more, not {global_merges!r}</source>
        <translation>グローバルマージ数は 0 以上でなければなりません（{global_merges!r} ではありません）</translation>
    </message>
    <message>
        <source>holds the {actual} ranks (by its SHA-256), not {name}&apos;s; open it without encoding=NAME, or give {name}&apos;s rank file</source>
        <translation>{name} ではなく {actual} のランクを保持しています（SHA-256 による判定）。encoding=NAME を付けずに開くか、{name} のランクファイルを指定してください</translation>
    </message>
    <message>
        <source>holds {count} tokenizers; {advice}: {names}</source>
        <translation>{count} 個のトークナイザーを含んでいます。{advice}: {names}</translation>
    </message>
    <message>
        <source>id {bad} is not in the model: its ids are 0–{size}</source>
        <translation>ID {bad} はモデルにありません: ID は 0–{size} です</translation>
    </message>
    <message>
        <source>id {tid!r} at position {pos} is not in this tokenizer: {describe_ids}</source>
        <translation>位置 {pos} の ID {tid!r} はこのトークナイザーにありません: {describe_ids}</translation>
    </message>
    <message>
        <source>id {tid:,} is above {max_token_id:,}, the largest id BPE Lens supports</source>
        <translation>ID {tid:,} は BPE Lens が扱える最大 ID {max_token_id:,} を超えています</translation>
    </message>
    <message>
        <source>ignore_merges: the piece is in the vocabulary whole, so it is one token and no merge runs</source>
        <translation>ignore_merges: ピース全体が語彙にあるので 1 トークンになり、マージは行われません</translation>
    </message>
    <message>
        <source>invalid JSON at line {lineno}, column {colno}: {msg}</source>
        <translation>{lineno} 行 {colno} 列目の JSON が不正です: {msg}</translation>
    </message>
    <message>
        <source>is a folder, not a file</source>
        <translation>ファイルではなくフォルダーです</translation>
    </message>
    <message>
        <source>is a folder; give a file name</source>
        <translation>フォルダーです。ファイル名を指定してください</translation>
    </message>
    <message>
        <source>is named like {name}, but its content is not OpenAI&apos;s {name} ranks (SHA-256 {digest}…, expected {ranks_sha256}…); its ids would differ. To use it with {name}&apos;s pattern and special tokens anyway, name the encoding with encoding=NAME</source>
        <translation>{name} のような名前ですが、内容は OpenAI の {name} のランクではありません（SHA-256 {digest}…、期待値 {ranks_sha256}…）。ID が異なってしまいます。それでも {name} のパターンと特殊トークンで使うには、encoding=NAME でエンコーディング名を指定してください</translation>
    </message>
    <message>
        <source>is not a regular file (a device or a pipe)</source>
        <translation>通常のファイルではありません（デバイスまたはパイプ）</translation>
    </message>
    <message>
        <source>is {st_size:,} bytes, more than the {limit} MB a tokenizer file may have</source>
        <translation>{st_size:,} バイトあり、トークナイザーファイルの上限 {limit} MB を超えています</translation>
    </message>
    <message>
        <source>it has no ids</source>
        <translation>ID がありません</translation>
    </message>
    <message>
        <source>its ids are {shown}</source>
        <translation>ID は {shown} です</translation>
    </message>
    <message>
        <source>its ids are {shown} and {last}</source>
        <translation>ID は {shown} と {last} です</translation>
    </message>
    <message>
        <source>its ids are {shown} … ({count} ranges, up to {last})</source>
        <translation>ID は {shown} …（{count} 範囲、最大 {last}）です</translation>
    </message>
    <message>
        <source>language {twice} is given twice</source>
        <translation>言語 {twice} が 2 回指定されています</translation>
    </message>
    <message>
        <source>line {number}: expected &apos;base64-token rank&apos;, got {count} fields</source>
        <translation>{number} 行目: &apos;base64-token rank&apos; が必要ですが、フィールドが {count} 個あります</translation>
    </message>
    <message>
        <source>line {number}: expected two tokens separated by one space</source>
        <translation>{number} 行目: 1 つの空白で区切られた 2 つのトークンが必要です</translation>
    </message>
    <message>
        <source>line {number}: rank {rank} appears twice (first on line {first})</source>
        <translation>{number} 行目: ランク {rank} が 2 回出現しています（最初は {first} 行目）</translation>
    </message>
    <message>
        <source>line {number}: rank {rank} is not from 0 to {largest:,}</source>
        <translation>{number} 行目: ランク {rank} が 0 から {largest:,} の範囲にありません</translation>
    </message>
    <message>
        <source>line {number}: the rank {rank!r} is not a whole number</source>
        <translation>{number} 行目: ランク {rank!r} が整数ではありません</translation>
    </message>
    <message>
        <source>line {number}: token {token} appears twice (first on line {first})</source>
        <translation>{number} 行目: トークン {token} が 2 回出現しています（最初は {first} 行目）</translation>
    </message>
    <message>
        <source>line {number}: {token!r} is not base64</source>
        <translation>{number} 行目: {token!r} は base64 ではありません</translation>
    </message>
    <message>
        <source>lone surrogate U+{ord:04X} at character {first} cannot be encoded as UTF-8 ({offsets_count} in the text); use surrogates=&apos;replace&apos; to substitute U+FFFD</source>
        <translation>{first} 文字目の孤立サロゲート U+{ord:04X} は UTF-8 にエンコードできません（テキスト中に {offsets_count} 個）。U+FFFD に置き換えるには surrogates=&apos;replace&apos; を使ってください</translation>
    </message>
    <message>
        <source>merge rank {rank} ({lefts!r} {rights!r}): token {token!r} is not in the vocabulary</source>
        <translation>マージランク {rank}（{lefts!r} {rights!r}）: トークン {token!r} が語彙にありません</translation>
    </message>
    <message>
        <source>merge rank {rank} makes a new id {new} for a token that already exists as id {existing}</source>
        <translation>マージランク {rank} は、既に ID {existing} として存在するトークンに新しい ID {new} を割り当てています</translation>
    </message>
    <message>
        <source>merge rank {rank}: new id {new} must be {size} (the next id)</source>
        <translation>マージランク {rank}: 新しい ID {new} は {size}（次の ID）でなければなりません</translation>
    </message>
    <message>
        <source>merge rank {rank}: new id {new} must be {size} (the next id) or {existing} (the existing token)</source>
        <translation>マージランク {rank}: 新しい ID {new} は {size}（次の ID）か {existing}（既存のトークン）でなければなりません</translation>
    </message>
    <message>
        <source>character {char!r} (U+{code:04X}) at character {where} of the text is not in this character-level vocabulary, which has no byte fallback</source>
        <translation>テキストの {where} 文字目の文字 {char!r}（U+{code:04X}）はこの文字レベルの語彙になく、バイトフォールバックもありません</translation>
    </message>
    <message>
        <source>BPE that removes a token once nearly all of it went into a merge, splitting the rest back (Chizhov et al. 2024)</source>
        <translation>マージでほぼすべての出現が新しいトークンに吸収されたトークンを取り除き、残りを元の部分に分け戻す BPE（Chizhov ほか 2024）</translation>
    </message>
    <message>
        <source>BPE-dropout drops merges applied by rank; {describe} replays merges and removals, which dropout does not define</source>
        <translation>BPE-dropout はランク順に適用するマージを落とす手法です。{describe} はマージと除去の履歴を再生するため、dropout は定義されません</translation>
    </message>
    <message>
        <source>BertPreTokenizer (cuts at spaces and punctuation only)</source>
        <translation>BertPreTokenizer（空白と句読点でのみ区切る）</translation>
    </message>
    <message>
        <source>ByteLevel without its pattern</source>
        <translation>ByteLevel（パターンなし）</translation>
    </message>
    <message>
        <source>ByteLevel&apos;s own GPT-2 pattern</source>
        <translation>ByteLevel 自身の GPT-2 パターン</translation>
    </message>
    <message>
        <source>Classic BPE</source>
        <translation>古典的 BPE</translation>
    </message>
    <message>
        <source>Digits</source>
        <translation>Digits（数字）</translation>
    </message>
    <message>
        <source>GGUF version {detail}; BPE Lens reads versions 2 and 3</source>
        <translation>GGUF バージョン {detail} です。BPE Lens が読めるのはバージョン 2 と 3 です</translation>
    </message>
    <message>
        <source>Metaspace (pieces start at ▁)</source>
        <translation>Metaspace（ピースは ▁ で始まる）</translation>
    </message>
    <message>
        <source>Metaspace without split</source>
        <translation>Metaspace（split なし）</translation>
    </message>
    <message>
        <source>Picky BPE</source>
        <translation>Picky BPE（選り好み BPE）</translation>
    </message>
    <message>
        <source>Picky BPE then removed a token of this piece, splitting it back into its parts; what follows is not shown step by step</source>
        <translation>このあと Picky BPE がこのピースのトークンを取り除き、元の部分に分け戻しました。その先は 1 ステップずつは表示しません</translation>
    </message>
    <message>
        <source>SentencePiece: no pre-tokenizer, a text without spaces is one piece</source>
        <translation>SentencePiece: プレトークナイザーなし。空白のないテキストは 1 つのピースになる</translation>
    </message>
    <message>
        <source>Split</source>
        <translation>Split（分割）</translation>
    </message>
    <message>
        <source>Split on a string</source>
        <translation>Split（文字列で分割）</translation>
    </message>
    <message>
        <source>SuperBPE</source>
        <translation>SuperBPE(スーパーワード BPE)</translation>
    </message>
    <message>
        <source>SuperBPE trains byte-level BPE: choose level byte</source>
        <translation>SuperBPE はバイトレベル BPE を学習します: level に byte を選んでください</translation>
    </message>
    <message>
        <source>Whitespace</source>
        <translation>Whitespace（空白）</translation>
    </message>
    <message>
        <source>WhitespaceSplit</source>
        <translation>WhitespaceSplit（空白で分割）</translation>
    </message>
    <message>
        <source>a Unigram lattice over a piece of n characters holds every token starting at each of them (O(n·L), L the longest token)</source>
        <translation>n 文字のピースの Unigram ラティスは、各文字から始まるすべてのトークンを保持します（O(n·L)。L は最長のトークンの長さ）</translation>
    </message>
    <message>
        <source>a lone surrogate is replaced by U+FFFD at character {char}</source>
        <translation>文字 {char} の孤立サロゲートが U+FFFD に置き換えられます</translation>
    </message>
    <message>
        <source>a number from {low:g} to {high:g}</source>
        <translation>{low:g} から {high:g} までの数値</translation>
    </message>
    <message>
        <source>a number of {low:g} or more</source>
        <translation>{low:g} 以上の数値</translation>
    </message>
    <message>
        <source>a repeat over alternatives that overlap</source>
        <translation>重なり合う選択肢の繰り返し</translation>
    </message>
    <message>
        <source>a special token there, recognised only with special tokens on</source>
        <translation>そちらでは特殊トークンで、特殊トークンを認識するときだけ一つのトークンになります</translation>
    </message>
    <message>
        <source>a string of {length:,} bytes runs past the end of the file</source>
        <translation>{length:,} バイトの文字列がファイルの終わりを越えています</translation>
    </message>
    <message>
        <source>a whole number</source>
        <translation>整数</translation>
    </message>
    <message>
        <source>a whole number from {low:g} to {high:g}</source>
        <translation>{low:g} から {high:g} までの整数</translation>
    </message>
    <message>
        <source>a whole number of {low:g} or more</source>
        <translation>{low:g} 以上の整数</translation>
    </message>
    <message>
        <source>added_tokens[{index}] (id {id}) has empty content: left out, as Hugging Face leaves it out (its id is not a token)</source>
        <translation>added_tokens[{index}]（ID {id}）の content が空です。Hugging Face と同じく除外します（その ID はトークンになりません）</translation>
    </message>
    <message>
        <source>added_tokens_decoder must be an object of {{&quot;id&quot;: {{&quot;content&quot;: …}}}}</source>
        <translation>added_tokens_decoder は {{&quot;id&quot;: {{&quot;content&quot;: …}}}} のオブジェクトでなければなりません</translation>
    </message>
    <message>
        <source>added_tokens_decoder[{key!r}] must be an id and {{&quot;content&quot;: text}}</source>
        <translation>added_tokens_decoder[{key!r}] は ID と {{&quot;content&quot;: テキスト}} でなければなりません</translation>
    </message>
    <message>
        <source>alpha {alpha!r}: expected a number of 0 or more</source>
        <translation>alpha {alpha!r}: 0 以上の数値を指定してください</translation>
    </message>
    <message>
        <source>an added token there that did not match here</source>
        <translation>そちらでは追加トークンですが、ここでは一致しませんでした</translation>
    </message>
    <message>
        <source>an array of {count:,} items, but the rest of the file holds at most {room:,}</source>
        <translation>{count:,} 項目の配列ですが、ファイルの残りには最大 {room:,} 項目しか入りません</translation>
    </message>
    <message>
        <source>an unknown token {token} at character {char}</source>
        <translation>文字 {char} に未知トークン {token}</translation>
    </message>
    <message>
        <source>both repeats take {pump}: a run of n is shared between them in n ways, at each of n starts</source>
        <translation>どちらの繰り返しも {pump} を取ります: 長さ n の連続を両者で分け合う方法が n 通りあり、それが n 個の開始位置それぞれで起こります</translation>
    </message>
    <message>
        <source>budget {value!r}: expected seconds above 0</source>
        <translation>budget {value!r}: 0 より大きい秒数を指定してください</translation>
    </message>
    <message>
        <source>bytes not valid UTF-8 decode to U+FFFD at character {char}</source>
        <translation>文字 {char} で UTF-8 として正しくないバイト列が U+FFFD にデコードされます</translation>
    </message>
    <message>
        <source>chat_template must be a template (text) or a list of {{&quot;name&quot;, &quot;template&quot;}}</source>
        <translation>chat_template はテンプレート（テキスト）か {{&quot;name&quot;, &quot;template&quot;}} のリストでなければなりません</translation>
    </message>
    <message>
        <source>chat_template[{index}] must be {{&quot;name&quot;: …, &quot;template&quot;: …}}</source>
        <translation>chat_template[{index}] は {{&quot;name&quot;: …, &quot;template&quot;: …}} でなければなりません</translation>
    </message>
    <message>
        <source>classic BPE up to the transition size, then merges across whitespace: tokens of several words (Liu et al. 2025)</source>
        <translation>遷移サイズまでは古典的 BPE、その後は空白をまたぐマージ: 複数語からなるトークン(Liu et al. 2025)</translation>
    </message>
    <message>
        <source>config.default_num_special_tokens {count:,} and default_vocab_size {size:,}: the special tokens must leave room for the vocabulary (at most {most:,} ids)</source>
        <translation>config.default_num_special_tokens {count:,} と default_vocab_size {size:,}: 特殊トークンのあとに語彙の入る余地が必要です（ID は最大 {most:,} 個）</translation>
    </message>
    <message>
        <source>config.version is {version!r}; Tekken versions are {versions}</source>
        <translation>config.version が {version!r} です。Tekken のバージョンは {versions} です</translation>
    </message>
    <message>
        <source>decoding drops “{before}” at character {char}</source>
        <translation>デコードで文字 {char} の「{before}」が失われます</translation>
    </message>
    <message>
        <source>decoding gives “{after}” for “{before}” at character {char}</source>
        <translation>デコードで文字 {char} の「{before}」が「{after}」になります</translation>
    </message>
    <message>
        <source>every added token is looked for at each position of the text: one alternation of {count:,} strings costs up to their number per character on text full of near misses (Hugging Face uses Aho-Corasick, linear whatever their number)</source>
        <translation>追加トークンはテキストの各位置で探されます: {count:,} 個の文字列の選択（alternation）1 つは、ニアミスだらけのテキストでは 1 文字あたり最大でその個数分のコストがかかります（Hugging Face は Aho-Corasick を使うため、個数によらず線形です）</translation>
    </message>
    <message>
        <source>examples {value}: expected 0 or more</source>
        <translation>examples {value}: 0 以上が必要です</translation>
    </message>
    <message>
        <source>expected &quot;bpe&quot; or &quot;picky_bpe&quot;</source>
        <translation>&amp;quot;bpe&amp;quot; か &amp;quot;picky_bpe&amp;quot; が必要です</translation>
    </message>
    <message>
        <source>expected [merges before it, token id, [part ids]]</source>
        <translation>[それまでのマージ数, トークン ID, [部分の ID]] が必要です</translation>
    </message>
    <message>
        <source>expected a list of {count} counts</source>
        <translation>{count} 個のカウントのリストが必要です</translation>
    </message>
    <message>
        <source>expected a list of {count} lists (one per merge)</source>
        <translation>{count} 個のリスト（マージごとに 1 つ）のリストが必要です</translation>
    </message>
    <message>
        <source>expected a number above 0 and at most 1, or null</source>
        <translation>0 より大きく 1 以下の数、または null が必要です</translation>
    </message>
    <message>
        <source>greedy longest match tries the longest prefix first at each position, up to O(n²) without a word-length limit (Hugging Face gives [UNK] past max_input_chars_per_word)</source>
        <translation>貪欲最長一致は各位置で最長の接頭辞から試すため、語の長さに上限がなければ最大 O(n²) かかります（Hugging Face は max_input_chars_per_word を超えると [UNK] を返します）</translation>
    </message>
    <message>
        <source>holds {found:,} merges; CLIP&apos;s vocabulary takes the first {needed:,}</source>
        <translation>マージが {found:,} 個しかありません。CLIP の語彙は最初の {needed:,} 個を使います</translation>
    </message>
    <message>
        <source>id {index} is {value!r}: expected a whole number</source>
        <translation>ID {index} が {value!r} です: 整数が必要です</translation>
    </message>
    <message>
        <source>id {tid} is also the id of {owner!r}; each id belongs to one token</source>
        <translation>ID {tid} は {owner!r} の ID でもあります。各 ID は 1 つのトークンにのみ属します</translation>
    </message>
    <message>
        <source>ignore_merges: the {side} takes a piece that is a token whole; the other merges it pair by pair and ends elsewhere</source>
        <translation>ignore_merges: {side} は語彙にあるピースをそのまま一つのトークンにし、もう一方はペアごとにマージして別の結果になります</translation>
    </message>
    <message>
        <source>is not whole gzip data ({reason})</source>
        <translation>完全な gzip データではありません（{reason}）</translation>
    </message>
    <message>
        <source>it has no tokenizer keys</source>
        <translation>トークナイザーのキーがありません</translation>
    </message>
    <message>
        <source>it holds {count:,} tensors and no tokenizer</source>
        <translation>{count:,} 個のテンソルだけで、トークナイザーを含みません</translation>
    </message>
    <message>
        <source>its body matches both {pump} and {pump}×2: a run of n splits into iterations in 2ⁿ⁻¹ ways</source>
        <translation>本体が {pump} にも {pump}×2 にもマッチします: 長さ n の連続を反復に分ける方法は 2ⁿ⁻¹ 通りあります</translation>
    </message>
    <message>
        <source>keep {keep!r}: expected a whole number, 0 or more</source>
        <translation>keep {keep!r}: 0 以上の整数を指定してください</translation>
    </message>
    <message>
        <source>key {key}</source>
        <translation>キー {key}</translation>
    </message>
    <message>
        <source>line {number}: {line!r} is not a merge (two symbols and a space)</source>
        <translation>{number} 行目: {line!r} はマージではありません（空白で区切った 2 つの記号）</translation>
    </message>
    <message>
        <source>lines of {language}: expected a list of strings, not one string</source>
        <translation>{language} の lines: 文字列 1 つではなく、文字列のリストが必要です</translation>
    </message>
    <message>
        <source>lines: expected lines of text (a list of strings) or a mapping language → lines, not one string</source>
        <translation>lines: 文字列 1 つではなく、テキストの行（文字列のリスト）か、言語 → 行の対応が必要です</translation>
    </message>
    <message>
        <source>max_final_share {value!r}: expected a share above 0 and at most 1</source>
        <translation>max_final_share {value!r}: 0 より大きく 1 以下の割合を指定してください</translation>
    </message>
    <message>
        <source>max_words {max_words!r}: expected a whole number of 1 or more</source>
        <translation>max_words {max_words!r}: 1 以上の整数を指定してください</translation>
    </message>
    <message>
        <source>merge rank {rank}: left id {left} ends a word and cannot be merged</source>
        <translation>マージランク {rank}: 左の ID {left} は単語の末尾なのでマージできません</translation>
    </message>
    <message>
        <source>merge rank {rank}: {name} id {value} is not in the vocabulary (0–{size})</source>
        <translation>マージランク {rank}: {name} ID {value} が語彙（0–{size}）にありません</translation>
    </message>
    <message>
        <source>merging a piece of n symbols costs O(n²) in runtimes that rescan it after every merge (older tiktoken releases, naive ports), O(n log n) with a heap (Hugging Face, tiktoken since its large-piece merge, BPE Lens)</source>
        <translation>n 記号のピースのマージには、マージのたびにピースを走査し直す実装（古い tiktoken、素朴な移植）では O(n²)、ヒープを使う実装（Hugging Face、大きなピース向けのマージを導入して以降の tiktoken、BPE Lens）では O(n log n) かかります</translation>
    </message>
    <message>
        <source>messages must be a list of {{&quot;role&quot;: …, &quot;content&quot;: …}} objects</source>
        <translation>messages は {{&quot;role&quot;: …, &quot;content&quot;: …}} オブジェクトのリストでなければなりません</translation>
    </message>
    <message>
        <source>messages[{index}] must be an object with a &quot;role&quot;</source>
        <translation>messages[{index}] は &quot;role&quot; を持つオブジェクトでなければなりません</translation>
    </message>
    <message>
        <source>messages[{index}].content must be text, a list of parts or null</source>
        <translation>messages[{index}].content はテキスト、部分のリスト、null のいずれかでなければなりません</translation>
    </message>
    <message>
        <source>min_formed {value!r}: expected a whole number, 1 or more</source>
        <translation>min_formed {value!r}: 1 以上の整数を指定してください</translation>
    </message>
    <message>
        <source>min_frequency must not be negative</source>
        <translation>min_frequency は負の値にできません</translation>
    </message>
    <message>
        <source>model.byte_fallback must be true or false, not {byte_fallback!r}</source>
        <translation>model.byte_fallback は true または false でなければなりません（{byte_fallback!r} ではありません）</translation>
    </message>
    <message>
        <source>model.unk_id must be an integer or null, not {unk_id!r}</source>
        <translation>model.unk_id は整数または null でなければなりません（{unk_id!r} ではありません）</translation>
    </message>
    <message>
        <source>model.unk_id {unk_id} is outside the vocabulary (ids 0..{pieces_count})</source>
        <translation>model.unk_id {unk_id} が語彙の範囲外です（ID 0..{pieces_count}）</translation>
    </message>
    <message>
        <source>model.vocab is empty, but unk_id needs a piece to point at</source>
        <translation>model.vocab が空ですが、unk_id には指し示すピースが必要です</translation>
    </message>
    <message>
        <source>model.vocab[{index}] must be a [piece, score] pair, not {entry!r}</source>
        <translation>model.vocab[{index}] は [piece, score] のペアでなければなりません（{entry!r} ではありません）</translation>
    </message>
    <message>
        <source>model.vocab[{index}][0] (the piece) must be a string, not {piece!r}</source>
        <translation>model.vocab[{index}][0]（ピース）は文字列でなければなりません（{piece!r} ではありません）</translation>
    </message>
    <message>
        <source>model.vocab[{index}][0] (the piece) {piece!r} has a lone surrogate, not text</source>
        <translation>model.vocab[{index}][0]（ピース）{piece!r} は孤立サロゲートを含んでおり、テキストではありません</translation>
    </message>
    <message>
        <source>model.vocab[{index}][1] (the score) must be a number, not {score!r}</source>
        <translation>model.vocab[{index}][1]（スコア）は数値でなければなりません（{score!r} ではありません）</translation>
    </message>
    <message>
        <source>model.vocab[{index}][1] (the score) must be finite, not {score!r}</source>
        <translation>model.vocab[{index}][1]（スコア）は有限の値でなければなりません（{score!r} ではありません）</translation>
    </message>
    <message>
        <source>model_type {model_type} is not a SentencePiece model type ({valid})</source>
        <translation>model_type {model_type} は SentencePiece のモデルタイプではありません（{valid}）</translation>
    </message>
    <message>
        <source>more than {max_file_bytes:,} bytes</source>
        <translation>{max_file_bytes:,} バイトを超えています</translation>
    </message>
    <message>
        <source>must be a JSON object</source>
        <translation>JSON オブジェクトでなければなりません</translation>
    </message>
    <message>
        <source>nested repeats</source>
        <translation>入れ子の繰り返し</translation>
    </message>
    <message>
        <source>nested too deeply</source>
        <translation>入れ子が深すぎます</translation>
    </message>
    <message>
        <source>no continuation prefix</source>
        <translation>継続接頭辞なし</translation>
    </message>
    <message>
        <source>no merge applied</source>
        <translation>適用されたマージはありません</translation>
    </message>
    <message>
        <source>no perturbation chosen; valid kinds: {kinds}</source>
        <translation>摂動が選ばれていません。有効な種類: {kinds}</translation>
    </message>
    <message>
        <source>no piece has type UNKNOWN (2); a model needs one unknown piece</source>
        <translation>タイプが UNKNOWN (2) のピースがありません。モデルには未知ピースが 1 つ必要です</translation>
    </message>
    <message>
        <source>no pieces (field 1): truncated, or not a SentencePiece model; {what_it_is}</source>
        <translation>ピースがありません（フィールド 1）。途中で切れているか、SentencePiece モデルではありません。{what_it_is}</translation>
    </message>
    <message>
        <source>no pre-tokenizer</source>
        <translation>プレトークナイザーなし</translation>
    </message>
    <message>
        <source>no share for {names}</source>
        <translation>{names} の割合がありません</translation>
    </message>
    <message>
        <source>no snapshot in this cache entry holds a tokenizer</source>
        <translation>このキャッシュエントリーのどのスナップショットにもトークナイザーがありません</translation>
    </message>
    <message>
        <source>no such file or folder</source>
        <translation>そのようなファイルまたはフォルダーはありません</translation>
    </message>
    <message>
        <source>no tokenizer in this folder ({formats})</source>
        <translation>このフォルダーにトークナイザーがありません（{formats}）</translation>
    </message>
    <message>
        <source>no tokenizer.ggml.unknown_token_id: a bert (WordPiece) vocabulary needs its unknown token</source>
        <translation>tokenizer.ggml.unknown_token_id がありません。bert（WordPiece）の語彙には未知トークンが必要です</translation>
    </message>
    <message>
        <source>no training language given</source>
        <translation>学習言語が指定されていません</translation>
    </message>
    <message>
        <source>no unknown token</source>
        <translation>未知トークンなし</translation>
    </message>
    <message>
        <source>no {field} (field {number}): the file is truncated or not a SentencePiece model</source>
        <translation>{field} がありません（フィールド {number}）。ファイルが途中で切れているか、SentencePiece モデルではありません</translation>
    </message>
    <message>
        <source>no {key}: a gpt2 (byte-level BPE) vocabulary needs its merges</source>
        <translation>{key} がありません。gpt2（バイトレベル BPE）の語彙にはマージが必要です</translation>
    </message>
    <message>
        <source>no {key}: a {model} vocabulary ranks its pieces by score</source>
        <translation>{key} がありません。{model} の語彙はピースをスコアで順位づけします</translation>
    </message>
    <message>
        <source>no {key}: the vocabulary is missing</source>
        <translation>{key} がありません。語彙が欠けています</translation>
    </message>
    <message>
        <source>no {key}: {what} ({what_it_is})</source>
        <translation>{key} がありません。{what}（{what_it_is}）</translation>
    </message>
    <message>
        <source>normalizer {kind!r} has no tokenizer.json equivalent</source>
        <translation>ノーマライザー {kind!r} に相当するものは tokenizer.json にありません</translation>
    </message>
    <message>
        <source>not UTF-8 at byte {at} once unpacked</source>
        <translation>展開後のバイト {at} が UTF-8 ではありません</translation>
    </message>
    <message>
        <source>not UTF-8 at byte {start} (line {line})</source>
        <translation>バイト {start}（{line} 行目）が UTF-8 として不正です</translation>
    </message>
    <message>
        <source>not a BPE Lens tokenizer (expected &quot;format&quot;: &quot;{format}&quot;)</source>
        <translation>BPE Lens のトークナイザーではありません（&quot;format&quot;: &quot;{format}&quot; が必要です）</translation>
    </message>
    <message>
        <source>not a GGUF file (it does not start with GGUF); {what_it_is}</source>
        <translation>GGUF ファイルではありません（先頭が GGUF ではありません）。{what_it_is}</translation>
    </message>
    <message>
        <source>not a Hugging Face tokenizer.json (no &quot;model&quot; object)</source>
        <translation>Hugging Face の tokenizer.json ではありません（&quot;model&quot; オブジェクトがありません）</translation>
    </message>
    <message>
        <source>not a regular file (a pipe or a device would be read without end); give a .model file</source>
        <translation>通常のファイルではありません（パイプやデバイスは終わりなく読み込まれてしまいます）。.model ファイルを指定してください</translation>
    </message>
    <message>
        <source>not a regular file (a pipe or a device would be read without end); give a tokenizer file</source>
        <translation>通常のファイルではありません（パイプやデバイスは終わりなく読まれてしまいます）。トークナイザーのファイルを指定してください</translation>
    </message>
    <message>
        <source>not a tiktoken rank file</source>
        <translation>tiktoken のランクファイルではありません</translation>
    </message>
    <message>
        <source>not a tokenizer file BPE Lens reads ({formats})</source>
        <translation>BPE Lens が読み込めるトークナイザーファイルではありません（{formats}）</translation>
    </message>
    <message>
        <source>not an added token there</source>
        <translation>そちらでは追加トークンではありません</translation>
    </message>
    <message>
        <source>not one of {pairs}</source>
        <translation>{pairs} のどれでもありません</translation>
    </message>
    <message>
        <source>not special tokens of this tokenizer: {repr}</source>
        <translation>このトークナイザーの特殊トークンではありません: {repr}</translation>
    </message>
    <message>
        <source>one of {choices}</source>
        <translation>{choices} のいずれか</translation>
    </message>
    <message>
        <source>open one of them</source>
        <translation>いずれかを開いてください</translation>
    </message>
    <message>
        <source>overlapping repeats side by side</source>
        <translation>隣り合う、重なり合った繰り返し</translation>
    </message>
    <message>
        <source>parity-aware BPE breaks ties by token text, as its reference does; the tie rule applies to classic training only</source>
        <translation>parity-aware BPE は、参照実装と同様にトークンのテキストで同点を決着させます。同点ルールは通常（classic）の学習にのみ適用されます</translation>
    </message>
    <message>
        <source>pat_str: {problem}</source>
        <translation>pat_str: {problem}</translation>
    </message>
    <message>
        <source>pattern does not compile: a side of &amp;&amp; is empty in {pattern}</source>
        <translation>パターンをコンパイルできません: {pattern} の &amp;&amp; の片側が空です</translation>
    </message>
    <message>
        <source>pattern does not compile: unterminated character class in {pattern}</source>
        <translation>パターンをコンパイルできません: {pattern} に閉じられていない文字クラスがあります</translation>
    </message>
    <message>
        <source>pattern does not compile: {exc} in {pattern}</source>
        <translation>パターンをコンパイルできません: {exc}（{pattern}）</translation>
    </message>
    <message>
        <source>pattern is too complex to compile: {pattern}</source>
        <translation>パターンが複雑すぎてコンパイルできません: {pattern}</translation>
    </message>
    <message>
        <source>pattern nests character classes more than {max_nesting} deep (at character {i})</source>
        <translation>パターンで文字クラスの入れ子が {max_nesting} 階層を超えています（{i} 文字目）</translation>
    </message>
    <message>
        <source>pattern nests groups more than {max_nesting} deep (at character {i})</source>
        <translation>パターンでグループの入れ子が {max_nesting} 階層を超えています（{i} 文字目）</translation>
    </message>
    <message>
        <source>pattern nests repeated groups {depth} deep (at character {i}); at most {most} are allowed (each level doubles what compiling it costs)</source>
        <translation>パターンが繰り返しグループを {depth} 段入れ子にしています（{i} 文字目）。許されるのは {most} 段までです（1 段ごとにコンパイルの負担が倍になります）</translation>
    </message>
    <message>
        <source>pattern of {pattern_count:,} characters is longer than {max_pattern_chars:,}</source>
        <translation>パターンの長さ {pattern_count:,} 文字が上限の {max_pattern_chars:,} 文字を超えています</translation>
    </message>
    <message>
        <source>pattern repeats {count:,} times (at character {i}); at most {max_repeat:,} are allowed, as in Hugging Face&apos;s regex engine</source>
        <translation>パターンが {count:,} 回繰り返しています（{i} 文字目）。Hugging Face の正規表現エンジンと同様に、上限は {max_repeat:,} 回です</translation>
    </message>
    <message>
        <source>pattern&apos;s nested repeats unroll into {last:,} copies (at character {i}); at most {max_unrolled:,} are allowed</source>
        <translation>パターンの入れ子になった繰り返しを展開すると {last:,} 個のコピーになります（{i} 文字目）。上限は {max_unrolled:,} 個です</translation>
    </message>
    <message>
        <source>pattern=REGEX: {problem}</source>
        <translation>pattern=REGEX: {problem}</translation>
    </message>
    <message>
        <source>piece {index} ({raw!r}) is not UTF-8 text</source>
        <translation>ピース {index}（{raw!r}）は UTF-8 テキストではありません</translation>
    </message>
    <message>
        <source>piece {index} is empty</source>
        <translation>ピース {index} が空です</translation>
    </message>
    <message>
        <source>pieces, scores and types differ in length</source>
        <translation>ピース、スコア、タイプの長さが一致しません</translation>
    </message>
    <message>
        <source>post_processor.single uses the special token {name!r}, which post_processor.special_tokens does not define</source>
        <translation>post_processor.single が特殊トークン {name!r} を使っていますが、post_processor.special_tokens に定義されていません</translation>
    </message>
    <message>
        <source>pre-tokenizer {kind!r} has no tokenizer.json equivalent</source>
        <translation>プレトークナイザー {kind!r} に相当するものは tokenizer.json にありません</translation>
    </message>
    <message>
        <source>precompiled_charsmap has an empty trie (no root unit)</source>
        <translation>precompiled_charsmap のトライが空です（ルートユニットがありません）</translation>
    </message>
    <message>
        <source>precompiled_charsmap has {blob_count} bytes; it must start with a 4-byte trie size</source>
        <translation>precompiled_charsmap は {blob_count} バイトです。先頭は 4 バイトのトライサイズでなければなりません</translation>
    </message>
    <message>
        <source>precompiled_charsmap has {blob_count} bytes; it needs a 4-byte trie size and a trie</source>
        <translation>precompiled_charsmap は {blob_count} バイトです。4 バイトのトライサイズとトライが必要です</translation>
    </message>
    <message>
        <source>precompiled_charsmap is not valid base64: {exc}</source>
        <translation>precompiled_charsmap が有効な base64 ではありません: {exc}</translation>
    </message>
    <message>
        <source>precompiled_charsmap must be a base64 string, not {name}</source>
        <translation>precompiled_charsmap は base64 文字列でなければなりません（{name} ではありません）</translation>
    </message>
    <message>
        <source>precompiled_charsmap says its trie has {trie_size} bytes, but only {blob_count} bytes follow the size</source>
        <translation>precompiled_charsmap ではトライが {trie_size} バイトとされていますが、サイズの後には {blob_count} バイトしかありません</translation>
    </message>
    <message>
        <source>precompiled_charsmap says its trie has {trie_size} bytes, more than the {blob_count} bytes that follow the size</source>
        <translation>precompiled_charsmap ではトライが {trie_size} バイトとされており、サイズの後に続く {blob_count} バイトより多くなっています</translation>
    </message>
    <message>
        <source>precompiled_charsmap: a key grows past {max_key_bytes} bytes ({key!r}...); the trie has a cycle</source>
        <translation>precompiled_charsmap: キーが {max_key_bytes} バイトを超えて伸びています（{key!r}...）。トライに循環があります</translation>
    </message>
    <message>
        <source>precompiled_charsmap: key {key!r} points at byte {offset} of a {pool_count}-byte replacement pool</source>
        <translation>precompiled_charsmap: キー {key!r} が {pool_count} バイトの置換プールのバイト {offset} を指しています</translation>
    </message>
    <message>
        <source>precompiled_charsmap: key {key!r} points inside a character (byte {offset}) of the replacement pool</source>
        <translation>precompiled_charsmap: キー {key!r} が置換プール内の文字の途中（バイト {offset}）を指しています</translation>
    </message>
    <message>
        <source>precompiled_charsmap: the replacement of key {key!r} has no terminating NUL byte</source>
        <translation>precompiled_charsmap: キー {key!r} の置換文字列に終端の NUL バイトがありません</translation>
    </message>
    <message>
        <source>precompiled_charsmap: the replacement strings are not UTF-8 ({reason} at byte {start} of the pool)</source>
        <translation>precompiled_charsmap: 置換文字列が UTF-8 ではありません（プールのバイト {start} で {reason}）</translation>
    </message>
    <message>
        <source>precompiled_charsmap: the trie has more than {max_paths:,} paths; it is corrupt</source>
        <translation>precompiled_charsmap: トライのパスが {max_paths:,} 個を超えています。破損しています</translation>
    </message>
    <message>
        <source>precompiled_charsmap: the value of key {key!r} is at unit {at}, past the trie&apos;s {units_count} units</source>
        <translation>precompiled_charsmap: キー {key!r} の値がユニット {at} にあり、トライの {units_count} ユニットの範囲を超えています</translation>
    </message>
    <message>
        <source>precompiled_charsmap: {what} ({data!r}) is not whole UTF-8 characters</source>
        <translation>precompiled_charsmap: {what}（{data!r}）が完全な UTF-8 文字になっていません</translation>
    </message>
    <message>
        <source>rate {rate!r}: expected a share from 0 to 1</source>
        <translation>rate {rate!r}: 0 から 1 までの割合を指定してください</translation>
    </message>
    <message>
        <source>ratio {value!r} must be a positive number</source>
        <translation>比率 {value!r} は正の数でなければなりません</translation>
    </message>
    <message>
        <source>read as Hugging Face&apos;s fast CLIP tokenizer reads it (NFC, whitespace, lowercase); OpenAI&apos;s ftfy repair and HTML unescaping are not done</source>
        <translation>Hugging Face の高速 CLIP トークナイザーと同じく読みます（NFC、空白、小文字化）。OpenAI の ftfy による修復と HTML のアンエスケープは行いません</translation>
    </message>
    <message>
        <source>reference {reference!r} is not among the languages ({names})</source>
        <translation>基準言語 {reference!r} が言語の中にありません({names})</translation>
    </message>
    <message>
        <source>regex pre-tokenizer</source>
        <translation>regex プレトークナイザー</translation>
    </message>
    <message>
        <source>removal {index}: it comes after {after} merges, but there are {merges} and removals must be in order</source>
        <translation>除去 {index}: {after} 回のマージの後とありますが、マージは {merges} 回で、除去は順に並んでいる必要があります</translation>
    </message>
    <message>
        <source>removal {index}: the parts of token {token} do not spell it</source>
        <translation>除去 {index}: 部分をつなげてもトークン {token} になりません</translation>
    </message>
    <message>
        <source>removal {index}: token {token} is not a merged token present at that point</source>
        <translation>除去 {index}: トークン {token} はその時点で語彙にあるマージ済みトークンではありません</translation>
    </message>
    <message>
        <source>removal {index}: token {token} must split into two or more tokens present at that point</source>
        <translation>除去 {index}: トークン {token} はその時点で語彙にある 2 つ以上のトークンに分ける必要があります</translation>
    </message>
    <message>
        <source>remove a token when more than this share of it went into one merge (1: never, classic BPE; default 0.9)</source>
        <translation>1 回のマージにこの割合より多く吸収されたトークンを取り除く（1: 取り除かない＝従来の BPE。既定 0.9）</translation>
    </message>
    <message>
        <source>remove at IoS above</source>
        <translation>除去する IoS の下限</translation>
    </message>
    <message>
        <source>repeats {value!r}: expected a whole number from 1 to 15</source>
        <translation>repeats {value!r}: 1 から 15 までの整数を指定してください</translation>
    </message>
    <message>
        <source>residue tokens need BPE merges; this model has none ({model})</source>
        <translation>残留トークンの検出には BPE のマージが必要ですが、このモデルにはありません（{model}）</translation>
    </message>
    <message>
        <source>residue tokens need merges applied by rank; {model} replays merges and removals (Picky BPE), which this does not follow</source>
        <translation>残留トークンの検出にはランク順に適用されるマージが必要です。{model} はマージと除去を再生する（Picky BPE）ため、この検出では追えません</translation>
    </message>
    <message>
        <source>rows {rows:,} is fewer than the {vocab_size:,} tokens</source>
        <translation>行数 {rows:,} が {vocab_size:,} 個のトークンより少なくなっています</translation>
    </message>
    <message>
        <source>samples {samples!r}: expected 1 to {limit:,}</source>
        <translation>samples {samples!r}: 1 から {limit:,} までを指定してください</translation>
    </message>
    <message>
        <source>samples {samples!r}: expected 1 to {max_samples:,}</source>
        <translation>サンプル数 {samples!r}: 1 から {max_samples:,} までを指定してください</translation>
    </message>
    <message>
        <source>sizes: give at least one input length</source>
        <translation>sizes: 入力の長さを 1 つ以上指定してください</translation>
    </message>
    <message>
        <source>sizes: {size!r} is not a length from 1 to {most:,} characters</source>
        <translation>sizes: {size!r} は 1〜{most:,} 文字の長さではありません</translation>
    </message>
    <message>
        <source>skipped 1 file that is not sentences: {shown}</source>
        <translation>文のファイルではないファイル 1 個を読み飛ばしました: {shown}</translation>
    </message>
    <message>
        <source>skipped {count} files that are not sentences: {shown}</source>
        <translation>文のファイルではないファイル {count} 個を読み飛ばしました: {shown}</translation>
    </message>
    <message>
        <source>special token {text!r} has id {tid}, which the model&apos;s vocabulary (0–{vocab_size}) already uses</source>
        <translation>特殊トークン {text!r} の ID {tid} は、モデルの語彙（0–{vocab_size}）で既に使われています</translation>
    </message>
    <message>
        <source>special tokens must be distinct</source>
        <translation>特殊トークンは互いに異なっていなければなりません</translation>
    </message>
    <message>
        <source>special-token mode must be &apos;all&apos;, &apos;none&apos; or a collection of tokens, not {mode!r}</source>
        <translation>特殊トークンのモードは &apos;all&apos;、&apos;none&apos; またはトークンのコレクションでなければなりません（{mode!r} ではありません）</translation>
    </message>
    <message>
        <source>stage 2 text at most (MB)</source>
        <translation>第 2 段階のテキスト上限（MB）</translation>
    </message>
    <message>
        <source>stage2_mb {stage2_mb!r}: expected megabytes, 0 or more (0: all the text)</source>
        <translation>stage2_mb {stage2_mb!r}: 0 以上のメガバイト数が必要です（0 ならテキスト全体）</translation>
    </message>
    <message>
        <source>subword sampling needs a Unigram model; {describe} is not one (BPE-dropout samples a BPE)</source>
        <translation>サブワードサンプリングには Unigram モデルが必要です。{describe} は該当しません(BPE には BPE-dropout を使います)</translation>
    </message>
    <message>
        <source>symbols</source>
        <translation>記号</translation>
    </message>
    <message>
        <source>the IoS threshold {tau!r}: expected a number above 0 and at most 1 (1: nothing is removed, classic BPE)</source>
        <translation>IoS のしきい値 {tau!r}: 0 より大きく 1 以下の数が必要です（1 なら何も取り除かない従来の BPE）</translation>
    </message>
    <message>
        <source>the Oniguruma class {text!r} (\W or \H inside brackets) is not supported</source>
        <translation>Oniguruma のクラス {text!r}（角括弧内の \W または \H）はサポートされていません</translation>
    </message>
    <message>
        <source>the bytes are not valid UTF-8 at byte {start}{where}: {reason}; decode with errors=&apos;replace&apos; to substitute U+FFFD</source>
        <translation>バイト列はバイト {start}{where} で有効な UTF-8 ではありません: {reason}。U+FFFD に置き換えるには errors=&apos;replace&apos; でデコードしてください</translation>
    </message>
    <message>
        <source>the bytes of vocab[{other}] again</source>
        <translation>vocab[{other}] と同じバイト列です</translation>
    </message>
    <message>
        <source>the corpus has no text to learn from</source>
        <translation>コーパスに学習できるテキストがありません</translation>
    </message>
    <message>
        <source>the end-of-word marker must not be empty</source>
        <translation>語末マーカーは空にできません</translation>
    </message>
    <message>
        <source>the file ends at byte {size:,}, inside a value</source>
        <translation>ファイルが値の途中の {size:,} バイト目で終わっています</translation>
    </message>
    <message>
        <source>the file is empty; {what_it_is}</source>
        <translation>ファイルが空です。{what_it_is}</translation>
    </message>
    <message>
        <source>the files of a corpus together</source>
        <translation>コーパスのファイル全体</translation>
    </message>
    <message>
        <source>the integer {value}</source>
        <translation>整数 {value}</translation>
    </message>
    <message>
        <source>the key after {key}</source>
        <translation>{key} の次のキー</translation>
    </message>
    <message>
        <source>the languages share no sentence to measure</source>
        <translation>言語どうしに測定できる共通の文がありません</translation>
    </message>
    <message>
        <source>the last merge was ({left}, {right}) at rank {rank}</source>
        <translation>最後のマージはランク {rank} の ({left}, {right}) です</translation>
    </message>
    <message>
        <source>the most frequent pair, merged, until the vocabulary is full (seed 000 §1)</source>
        <translation>最も頻度の高いペアを、語彙が埋まるまでマージする(seed 000 §1)</translation>
    </message>
    <message>
        <source>the most text stage 2 learns from, in MB: every k-th line of a larger corpus (0: all of it). Its memory grows with the text, about 50 MB per MB (default 100)</source>
        <translation>第 2 段階が学習に使うテキストの上限（MB）。これより大きいコーパスでは k 行ごとに 1 行を使います（0 なら全体）。メモリはテキストに比例し、1 MB あたり約 50 MB です（既定 100）</translation>
    </message>
    <message>
        <source>the most words a superword token may hold (default 4)</source>
        <translation>スーパーワードトークンが含められる最大の語数(既定 4)</translation>
    </message>
    <message>
        <source>the normalizer</source>
        <translation>正規化</translation>
    </message>
    <message>
        <source>the normalizers differ: only the {side} changes {piece} (to {changed}; left: {left_name}, right: {right_name})</source>
        <translation>正規化が異なります: {side} だけが {piece} を {changed} に変えます（左: {left_name}、右: {right_name}）</translation>
    </message>
    <message>
        <source>the normalizers differ: the left makes {piece} {left_text} ({left_name}), the right {right_text} ({right_name})</source>
        <translation>正規化が異なります: {piece} を左は {left_text}（{left_name}）、右は {right_text}（{right_name}）にします</translation>
    </message>
    <message>
        <source>the number {value!r}</source>
        <translation>数値 {value!r}</translation>
    </message>
    <message>
        <source>the pattern</source>
        <translation>パターン</translation>
    </message>
    <message>
        <source>the pattern and special tokens are those of {cls} in {file} (read, never run) and tokenizer_config.json</source>
        <translation>パターンと特殊トークンは {file} の {cls}（読むだけで実行しない）と tokenizer_config.json のものです</translation>
    </message>
    <message>
        <source>the pattern ran out of its time budget on this input: it backtracks</source>
        <translation>この入力でパターンが制限時間を使い切りました: バックトラックしています</translation>
    </message>
    <message>
        <source>the piece is one token</source>
        <translation>ピースは 1 トークンです</translation>
    </message>
    <message>
        <source>the pieces are inconsistent</source>
        <translation>ピースに矛盾があります</translation>
    </message>
    <message>
        <source>the pre-tokenizers cut it differently: the left into {left_pieces}, the right into {right_pieces}</source>
        <translation>事前トークナイザーの区切り方が異なります: 左は {left_pieces}、右は {right_pieces}</translation>
    </message>
    <message>
        <source>the prompt is empty: give the text the model continues</source>
        <translation>プロンプトが空です: モデルに続きを書かせるテキストを指定してください</translation>
    </message>
    <message>
        <source>the same pieces merge differently: the vocabularies or merges differ</source>
        <translation>同じピースのマージ結果が異なります: 語彙かマージが違います</translation>
    </message>
    <message>
        <source>the string {shown!r}</source>
        <translation>文字列 {shown!r}</translation>
    </message>
    <message>
        <source>the summed counts</source>
        <translation>合計頻度</translation>
    </message>
    <message>
        <source>the sweep cannot cut a SentencePiece BPE model yet ({describe}); its tokenizer.json conversion can be swept</source>
        <translation>スイープはまだ SentencePiece BPE モデルを切り詰められません({describe})。tokenizer.json に変換したものはスイープできます</translation>
    </message>
    <message>
        <source>the sweep cuts a BPE&apos;s merges by id; {describe} also removes tokens, which a cut does not follow: sweep by training Picky BPE at each size</source>
        <translation>スイープは BPE のマージを ID で切ります。{describe} はトークンの除去も行うため、切っても再現できません。各サイズで Picky BPE を学習してスイープしてください</translation>
    </message>
    <message>
        <source>the sweep cuts a BPE&apos;s merges; {describe} has none</source>
        <translation>スイープは BPE のマージを切り詰めます。{describe} にはマージがありません</translation>
    </message>
    <message>
        <source>the sweep needs at least one language</source>
        <translation>スイープには少なくとも一つの言語が必要です</translation>
    </message>
    <message>
        <source>the template does not compile: {reason}</source>
        <translation>テンプレートをコンパイルできません: {reason}</translation>
    </message>
    <message>
        <source>the template failed: {reason}</source>
        <translation>テンプレートが失敗しました: {reason}</translation>
    </message>
    <message>
        <source>the template raised: {message}</source>
        <translation>テンプレートがエラーを出しました: {message}</translation>
    </message>
    <message>
        <source>the template ran for more than {seconds:g} s and was stopped (a loop without end?)</source>
        <translation>テンプレートが {seconds:g} 秒を超えて動いたため止めました（終わらないループ？）</translation>
    </message>
    <message>
        <source>the template was stopped</source>
        <translation>テンプレートを止めました</translation>
    </message>
    <message>
        <source>the template wrote more than {most:,} characters</source>
        <translation>テンプレートの出力が {most:,} 文字を超えました</translation>
    </message>
    <message>
        <source>the tokens left</source>
        <translation>残りのトークン</translation>
    </message>
    <message>
        <source>the vocabulary size where merges across whitespace begin (at most --vocab-size)</source>
        <translation>空白をまたぐマージが始まる語彙サイズ(--vocab-size 以下)</translation>
    </message>
    <message>
        <source>the {kind} normalizer</source>
        <translation>正規化 {kind}</translation>
    </message>
    <message>
        <source>the {what} pattern</source>
        <translation>{what} のパターン</translation>
    </message>
    <message>
        <source>the {what} {component!r} has no entry in BPE Lens&apos;s own files (they hold {names})</source>
        <translation>{what} {component!r} は BPE Lens 自身のファイルに項目がありません（含まれるのは {names}）</translation>
    </message>
    <message>
        <source>this JSON is not a tokenizer BPE Lens reads ({formats})</source>
        <translation>この JSON は BPE Lens が読み込めるトークナイザーではありません（{formats}）</translation>
    </message>
    <message>
        <source>this WordPiece vocabulary has no unknown token {unk_token!r}, and a word needs it (it cannot be matched, or is too long)</source>
        <translation>この WordPiece 語彙には未知トークン {unk_token!r} がありませんが、ある単語にそれが必要です（一致しないか、長すぎます）</translation>
    </message>
    <message>
        <source>this character-level model has no byte tokens</source>
        <translation>この文字レベルのモデルにはバイトトークンがありません</translation>
    </message>
    <message>
        <source>this tokenizer has no training record: train it here or with `bpelens train --trace-top K` to play its training back</source>
        <translation>このトークナイザーには学習記録がありません: 学習を再生するには、ここで学習するか `bpelens train --trace-top K` で学習してください</translation>
    </message>
    <message>
        <source>ties go to the largest (left, right) token text, as in parity-aware BPE</source>
        <translation>同点は (左, 右) のトークンのテキストが最大のものに（parity-aware BPE と同じ）</translation>
    </message>
    <message>
        <source>ties go to the pair seen first in the corpus</source>
        <translation>同点はコーパスで最初に現れたペアに</translation>
    </message>
    <message>
        <source>ties go to the smallest (left id, right id)</source>
        <translation>同点は (左 ID, 右 ID) が最小のものに</translation>
    </message>
    <message>
        <source>tiktoken has no normalizer; this tokenizer normalizes its text</source>
        <translation>tiktoken にはノーマライザーがありませんが、このトークナイザーはテキストを正規化します</translation>
    </message>
    <message>
        <source>tiktoken looks the whole piece up in its ranks before merging and finds it as one token</source>
        <translation>tiktoken はマージの前にピース全体をランク表で引き、1 トークンとして見つけます</translation>
    </message>
    <message>
        <source>tiktoken splits text with one regex; this tokenizer&apos;s pre-tokenizer is {kind!r}</source>
        <translation>tiktoken は 1 つの正規表現でテキストを分割しますが、このトークナイザーのプレトークナイザーは {kind!r} です</translation>
    </message>
    <message>
        <source>time_cap {value!r}: expected seconds above 0 and at most {most:g}</source>
        <translation>time_cap {value!r}: 0 より大きく {most:g} 以下の秒数を指定してください</translation>
    </message>
    <message>
        <source>token id {token_id!r} is not in this tokenizer: {describe_ids}</source>
        <translation>トークン ID {token_id!r} はこのトークナイザーにありません: {describe_ids}</translation>
    </message>
    <message>
        <source>token {left} has no spelling in the vocabulary</source>
        <translation>トークン {left} には語彙内の綴りがありません</translation>
    </message>
    <message>
        <source>tools must be a list of tool definitions</source>
        <translation>tools はツール定義のリストでなければなりません</translation>
    </message>
    <message>
        <source>trace_top must be a non-negative integer, not {trace_top!r}</source>
        <translation>trace_top は非負の整数でなければなりません（{trace_top!r} ではありません）</translation>
    </message>
    <message>
        <source>training ended without a result</source>
        <translation>学習が結果なしで終了しました</translation>
    </message>
    <message>
        <source>training playback needs a BPE model trained by BPE Lens</source>
        <translation>学習の再生には BPE Lens で学習した BPE モデルが必要です</translation>
    </message>
    <message>
        <source>training text {index} must be a string or a (text, weight) pair, not {unit!r}</source>
        <translation>学習テキスト {index} は文字列または (text, weight) のペアでなければなりません（{unit!r} ではありません）</translation>
    </message>
    <message>
        <source>transition at size</source>
        <translation>遷移する語彙サイズ</translation>
    </message>
    <message>
        <source>true or false</source>
        <translation>true または false</translation>
    </message>
    <message>
        <source>true, false or null</source>
        <translation>true、false または null</translation>
    </message>
    <message>
        <source>two merges make the same token</source>
        <translation>2 つのマージが同じトークンを作ります</translation>
    </message>
    <message>
        <source>two of its alternatives match {pump}: a run of n can be taken in 2ⁿ ways</source>
        <translation>選択肢のうち 2 つが {pump} にマッチします: 長さ n の連続の取り方は 2ⁿ 通りあります</translation>
    </message>
    <message>
        <source>two tokenizers have the same name; name each once</source>
        <translation>2 つのトークナイザーが同じ名前です。それぞれ別の名前を付けてください</translation>
    </message>
    <message>
        <source>two tokens have the same bytes; a rank file cannot hold both</source>
        <translation>2 つのトークンのバイト列が同じです。ランクファイルには両方を含められません</translation>
    </message>
    <message>
        <source>two tokens spell the same string; tokenizer.json cannot hold both</source>
        <translation>2 つのトークンが同じ文字列になります。tokenizer.json には両方を含められません</translation>
    </message>
    <message>
        <source>unknown Metaspace prepend_scheme {prepend_scheme!r}; choose always, first or never</source>
        <translation>不明な Metaspace の prepend_scheme {prepend_scheme!r} です。always、first、never のいずれかを選んでください</translation>
    </message>
    <message>
        <source>unknown byte_order {byte_order!r}; choose one of {byte_orders}</source>
        <translation>不明な byte_order {byte_order!r} です。{byte_orders} のいずれかを選んでください</translation>
    </message>
    <message>
        <source>unknown encoding {encoding!r}; choose one of {presets}</source>
        <translation>不明なエンコーディング {encoding!r} です。{presets} のいずれかを選んでください</translation>
    </message>
    <message>
        <source>unknown errors mode {errors!r}; choose &apos;strict&apos; or &apos;replace&apos;</source>
        <translation>不明な errors モード {errors!r} です。&apos;strict&apos; または &apos;replace&apos; を選んでください</translation>
    </message>
    <message>
        <source>unknown level {level!r}; choose one of {levels}</source>
        <translation>不明なレベル {level!r} です。{levels} のいずれかを選んでください</translation>
    </message>
    <message>
        <source>unknown lookup {mode!r}; choose one of {lookup_modes}</source>
        <translation>不明な検索モード {mode!r} です。{lookup_modes} のいずれかを選んでください</translation>
    </message>
    <message>
        <source>unknown parity-aware variant {variant!r}; choose base or window</source>
        <translation>不明な parity-aware の方式 {variant!r} です。base または window を選んでください</translation>
    </message>
    <message>
        <source>unknown perturbation {kind!r}; valid kinds: {kinds}</source>
        <translation>不明な摂動 {kind!r} です。有効な種類: {kinds}</translation>
    </message>
    <message>
        <source>unknown pre-tokenizer preset {name!r}; choose one of {regex_presets}</source>
        <translation>不明なプレトークナイザーのプリセット {name!r} です。{regex_presets} のいずれかを選んでください</translation>
    </message>
    <message>
        <source>unknown pre-tokenizer {config!r}; choose a preset ({preset_names}) or one of {names}</source>
        <translation>不明なプレトークナイザー {config!r} です。プリセット（{preset_names}）または {names} のいずれかを選んでください</translation>
    </message>
    <message>
        <source>unknown rank file (neither its name nor its SHA-256 is a known encoding): name the encoding with encoding=NAME ({presets}) or give a pre-tokenizer regex with pattern=REGEX</source>
        <translation>不明なランクファイルです（名前も SHA-256 も既知のエンコーディングに一致しません）: encoding=NAME（{presets}）でエンコーディングを指定するか、pattern=REGEX でプレトークナイザーの正規表現を指定してください</translation>
    </message>
    <message>
        <source>unknown split behavior {behavior!r}; choose one of {behaviors}</source>
        <translation>不明な分割動作 {behavior!r} です。{behaviors} のいずれかを選んでください</translation>
    </message>
    <message>
        <source>unknown storage type {dtype!r}; choose one of {bytes_per_parameter}</source>
        <translation>不明な格納型 {dtype!r} です。{bytes_per_parameter} のいずれかを選んでください</translation>
    </message>
    <message>
        <source>unknown tie_break {tie_break!r}; choose one of {tie_breaks}</source>
        <translation>不明な tie_break {tie_break!r} です。{tie_breaks} のいずれかを選んでください</translation>
    </message>
    <message>
        <source>unknown top-level field {unknown!r} (a tokenizer.json has {top_level}; Hugging Face refuses others too)</source>
        <translation>不明なトップレベルのフィールド {unknown!r} です（tokenizer.json のフィールドは {top_level} で、Hugging Face もそれ以外は受け付けません）</translation>
    </message>
    <message>
        <source>unknown trainer {name!r}; choose one of {names}</source>
        <translation>不明なトレーナー {name!r}。次のいずれかを選んでください: {names}</translation>
    </message>
    <message>
        <source>unknown {piece!r} (id {tid})</source>
        <translation>未知トークン {piece!r}（ID {tid}）</translation>
    </message>
    <message>
        <source>unknown {what} {config!r}; choose one of {names}</source>
        <translation>不明な {what} {config!r} です。{names} のいずれかを選んでください</translation>
    </message>
    <message>
        <source>unpacks to more than {most:,} bytes; CLIP&apos;s vocabulary is 1.6 MB</source>
        <translation>展開すると {most:,} バイトを超えます。CLIP の語彙は 1.6 MB です</translation>
    </message>
    <message>
        <source>version &quot;{version}&quot; is not one Hugging Face reads (&quot;1.0&quot;)</source>
        <translation>バージョン &quot;{version}&quot; は Hugging Face が読み込めるバージョンではありません（&quot;1.0&quot;）</translation>
    </message>
    <message>
        <source>version {version!r} is not supported (this BPE Lens reads 1–{newest})</source>
        <translation>バージョン {version!r} はサポートされていません（この BPE Lens が読み込めるのは 1–{newest}）</translation>
    </message>
    <message>
        <source>vocab size {vocab_size} is above the limit of {max_id}</source>
        <translation>語彙サイズ {vocab_size} が上限 {max_id} を超えています</translation>
    </message>
    <message>
        <source>vocab size {vocab_size} is smaller than the base vocabulary ({base_size} {kind} + {specials} special tokens = {total})</source>
        <translation>語彙サイズ {vocab_size} が基本語彙（{base_size} {kind} + 特殊トークン {specials} 個 = {total}）より小さくなっています</translation>
    </message>
    <message>
        <source>vocab size {vocab_size} is smaller than the base vocabulary ({base_size} {kind})</source>
        <translation>語彙サイズ {vocab_size} が基本語彙（{base_size} {kind}）より小さくなっています</translation>
    </message>
    <message>
        <source>vocab_size must be a positive integer, not {vocab_size!r}</source>
        <translation>vocab_size は正の整数でなければなりません（{vocab_size!r} ではありません）</translation>
    </message>
    <message>
        <source>window size must be a positive integer, not {window_size!r}</source>
        <translation>ウィンドウサイズは正の整数でなければなりません（{window_size!r} ではありません）</translation>
    </message>
    <message>
        <source>with special tokens added, the left puts {left} first, the right {right}</source>
        <translation>特殊トークンを付けると、先頭に左は {left}、右は {right} を置きます</translation>
    </message>
    <message>
        <source>with special tokens added, the left puts {left} last, the right {right}</source>
        <translation>特殊トークンを付けると、末尾に左は {left}、右は {right} を置きます</translation>
    </message>
    <message>
        <source>words per token at most</source>
        <translation>トークンあたりの最大語数</translation>
    </message>
    <message>
        <source>{cause}; harmless here: nothing after it can fail, so the first way succeeds, but a pattern that adds anything after it backtracks catastrophically</source>
        <translation>{cause}。ここでは無害です: 後ろに失敗しうるものがないため最初の取り方で成功しますが、後ろに何かを加えたパターンは破滅的にバックトラックします</translation>
    </message>
    <message>
        <source>{cause}; when what follows fails, every way is tried before giving up (Hugging Face stops at Oniguruma&apos;s retry limit and fails)</source>
        <translation>{cause}。後続が失敗すると、諦めるまでにすべての取り方が試されます（Hugging Face は Oniguruma の再試行上限で止まり、失敗します）</translation>
    </message>
    <message>
        <source>{cls}.num_reserved_special_tokens must be a whole number from 0 to {most:,}</source>
        <translation>{cls}.num_reserved_special_tokens は 0 から {most:,} までの整数でなければなりません</translation>
    </message>
    <message>
        <source>{count:,} added tokens</source>
        <translation>追加トークン {count:,} 個</translation>
    </message>
    <message>
        <source>{count:,} keys, more than the file can hold</source>
        <translation>キーが {count:,} 個あり、ファイルに入りきる数を超えています</translation>
    </message>
    <message>
        <source>{count:,} pieces; BPE Lens opens models of at most {max_pieces:,}</source>
        <translation>ピースが {count:,} 個あります。BPE Lens が開けるモデルは最大 {max_pieces:,} 個までです</translation>
    </message>
    <message>
        <source>{count:,} tokens; BPE Lens opens vocabularies of 1 to {most:,}</source>
        <translation>トークン数 {count:,} です。BPE Lens が開ける語彙は 1〜{most:,} トークンです</translation>
    </message>
    <message>
        <source>{count} added token(s) take other ids than the file declares, as Hugging Face gives them: {moved}</source>
        <translation>追加トークン {count} 個が、Hugging Face と同じく、ファイルの宣言とは別の ID になります: {moved}</translation>
    </message>
    <message>
        <source>{count} continuing with {prefix!r}</source>
        <translation>{prefix!r} で始まる継続 {count} 個</translation>
    </message>
    <message>
        <source>{count} tokens: merging stopped because no merge joins {missing} ({last})</source>
        <translation>{count} トークン: {missing} をつなぐマージがないため、マージが止まりました（{last}）</translation>
    </message>
    <message>
        <source>{count} tokens: merging stopped because no merge joins {missing} ({last}); then {finish}</source>
        <translation>{count} トークン: {missing} をつなぐマージがないため、マージが止まりました（{last}）。その後、{finish}</translation>
    </message>
    <message>
        <source>{data!r} is not a token of this tokenizer</source>
        <translation>{data!r} はこのトークナイザーのトークンではありません</translation>
    </message>
    <message>
        <source>{data!r} is not a token of this tokenizer (a character-level vocabulary merges whole UTF-8 characters)</source>
        <translation>{data!r} はこのトークナイザーのトークンではありません（文字レベルの語彙は UTF-8 文字全体をマージします）</translation>
    </message>
    <message>
        <source>{describe} has no merge list to cut</source>
        <translation>{describe} には切り詰められるマージ一覧がありません</translation>
    </message>
    <message>
        <source>{file} ({language}) has {lines:,} lines</source>
        <translation>{file}（{language}）は {lines:,} 行</translation>
    </message>
    <message>
        <source>{file} has no class {cls} (auto_map names it)</source>
        <translation>{file} にクラス {cls} がありません（auto_map が指しています）</translation>
    </message>
    <message>
        <source>{file} is not OpenAI&apos;s {name} rank file (its SHA-256 differs); {name}&apos;s pattern and special tokens are used with its ranks, as asked</source>
        <translation>{file} は OpenAI の {name} のランクファイルではありません（SHA-256 が異なります）。指定どおり、{name} のパターンと特殊トークンをこのランクと共に使います</translation>
    </message>
    <message>
        <source>{file} is not Python that parses ({reason})</source>
        <translation>{file} は構文解析できる Python ではありません（{reason}）</translation>
    </message>
    <message>
        <source>{file}: {cls} has no pat_str written as text (BPE Lens reads the file, never runs it)</source>
        <translation>{file}: {cls} にテキストで書かれた pat_str がありません（BPE Lens はファイルを読むだけで実行しません）</translation>
    </message>
    <message>
        <source>{file}: {cls}.{name} is computed, not written out (BPE Lens reads the file, never runs it)</source>
        <translation>{file}: {cls}.{name} は計算で求められており、書き出されていません（BPE Lens はファイルを読むだけで実行しません）</translation>
    </message>
    <message>
        <source>{flag} applies to another trainer, not {trainer}</source>
        <translation>{flag} は {trainer} ではなく別のトレーナーのオプションです</translation>
    </message>
    <message>
        <source>{key} has {found:,} entries for {count:,} tokens</source>
        <translation>{key} の項目数が {found:,} ですが、トークンは {count:,} 個です</translation>
    </message>
    <message>
        <source>{key} is a {found}, not a {wanted}</source>
        <translation>{key} が {wanted} ではなく {found} です</translation>
    </message>
    <message>
        <source>{key} is an array of {found}, not of {wanted}</source>
        <translation>{key} が {wanted} ではなく {found} の配列です</translation>
    </message>
    <message>
        <source>{key} is missing ({what})</source>
        <translation>{key} がありません（{what}）</translation>
    </message>
    <message>
        <source>{key} is missing: llama.cpp splits with its default regexes and warns that generation quality will be degraded; so does BPE Lens</source>
        <translation>{key} がありません。llama.cpp は既定の正規表現で分割し、生成品質が落ちると警告します。BPE Lens も同じように分割します</translation>
    </message>
    <message>
        <source>{key} is not UTF-8 text (byte {position})</source>
        <translation>{key} が UTF-8 テキストではありません（{position} バイト目）</translation>
    </message>
    <message>
        <source>{key} is {model!r}, a tokenizer BPE Lens does not reproduce; it reads {models}</source>
        <translation>{key} が {model!r} です。BPE Lens はこのトークナイザーを再現しません。読めるのは {models} です</translation>
    </message>
    <message>
        <source>{key} is {name!r}, a pre-tokenizer llama.cpp does not know (it refuses to load such a file); known names include llama-bpe, qwen2, gpt-2, falcon, tekken, gpt-4o</source>
        <translation>{key} が {name!r} です。llama.cpp の知らない事前トークナイザーです（llama.cpp はこのファイルを読み込みません）。既知の名前には llama-bpe、qwen2、gpt-2、falcon、tekken、gpt-4o などがあります</translation>
    </message>
    <message>
        <source>{key} is {name!r}, which llama.cpp splits with {how}; BPE Lens does not reproduce it yet</source>
        <translation>{key} が {name!r} です。llama.cpp は {how} で分割しますが、BPE Lens はまだ再現していません</translation>
    </message>
    <message>
        <source>{key} is {value:,}, not a token id (0–{last:,})</source>
        <translation>{key} が {value:,} です。トークン ID（0〜{last:,}）ではありません</translation>
    </message>
    <message>
        <source>{key} must be {what}, not {value}</source>
        <translation>{key} は{what}でなければなりません（{value}ではありません）</translation>
    </message>
    <message>
        <source>{key} {name!r} is not byte-level</source>
        <translation>{key} {name!r} はバイトレベルではありません</translation>
    </message>
    <message>
        <source>{key}: a string of {length:,} bytes runs past the end of the file; the file is truncated or corrupt</source>
        <translation>{key}: {length:,} バイトの文字列がファイルの終わりを越えています。ファイルが途中で切れているか壊れています</translation>
    </message>
    <message>
        <source>{key}[{index}] is {line!r}; a merge is two tokens with a space between</source>
        <translation>{key}[{index}] が {line!r} です。マージは空白で区切った 2 つのトークンです</translation>
    </message>
    <message>
        <source>{key}[{index}] is {value}; token types are 1 normal, 2 unknown, 3 control, 4 user-defined, 5 unused, 6 byte</source>
        <translation>{key}[{index}] が {value} です。トークン種別は 1 通常、2 未知、3 制御、4 ユーザー定義、5 未使用、6 バイトです</translation>
    </message>
    <message>
        <source>{key}[{tid}] is {text!r} again (as token {first}); llama.cpp refuses a vocabulary with a token twice</source>
        <translation>{key}[{tid}] が {text!r} で、トークン {first} と重複しています。llama.cpp は同じトークンを 2 度含む語彙を読み込みません</translation>
    </message>
    <message>
        <source>{kind} BPE{extras}, {ids} ids, {merges} merges</source>
        <translation>{kind} BPE{extras}、ID {ids} 個、マージ {merges} 個</translation>
    </message>
    <message>
        <source>{kind} BPE{extras}, {tokens} tokens, {merges} merges</source>
        <translation>{kind} BPE{extras}、トークン {tokens} 個、マージ {merges} 個</translation>
    </message>
    <message>
        <source>{kind} pre-tokenizer</source>
        <translation>{kind} プレトークナイザー</translation>
    </message>
    <message>
        <source>{label}: alternative {index} of {count}</source>
        <translation>{label}: {count} 個の選択肢の {index} 番目</translation>
    </message>
    <message>
        <source>{label}: the text between its matches</source>
        <translation>{label}: マッチとマッチの間のテキスト</translation>
    </message>
    <message>
        <source>{language} lacks {lacking:,} of {ids:,} ids ({shown}); comparisons with it use the ids every chosen language has</source>
        <translation>{language} には {ids:,} 個の ID のうち {lacking:,} 個がありません（{shown}）。この言語を含む比較では、選んだすべての言語にある ID だけを使います</translation>
    </message>
    <message>
        <source>{language}, sentence {before}: {found}</source>
        <translation>{language}、文 {before}: {found}</translation>
    </message>
    <message>
        <source>{language}: {exc}</source>
        <translation>{language}: {exc}</translation>
    </message>
    <message>
        <source>{listed:,} special tokens listed for config.default_num_special_tokens {count:,}</source>
        <translation>config.default_num_special_tokens が {count:,} なのに特殊トークンが {listed:,} 個あります</translation>
    </message>
    <message>
        <source>{model}, {ids} ids</source>
        <translation>{model}、ID {ids} 個</translation>
    </message>
    <message>
        <source>{names} and {more} more</source>
        <translation>{names} ほか {more} 件</translation>
    </message>
    <message>
        <source>{names} has no training text</source>
        <translation>{names} には学習テキストがありません</translation>
    </message>
    <message>
        <source>{name} is not beside it</source>
        <translation>{name} が同じ場所にありません</translation>
    </message>
    <message>
        <source>{name} must be a positive whole number, not {value!r}</source>
        <translation>{name} は正の整数でなければなりません（{value!r} ではありません）</translation>
    </message>
    <message>
        <source>{name} {value:,} is not a piece id (the model has {count:,} pieces; -1 means none)</source>
        <translation>{name} {value:,} はピース ID ではありません（モデルのピースは {count:,} 個で、-1 はなしを意味します）</translation>
    </message>
    <message>
        <source>{name}: done</source>
        <translation>{name}: 完了</translation>
    </message>
    <message>
        <source>{name}: weight must be a positive Fraction, not {weight!r}</source>
        <translation>{name}: 重みは正の Fraction でなければなりません（{weight!r} ではありません）</translation>
    </message>
    <message>
        <source>{name}: {languages} languages × {sentences:,} sentences</source>
        <translation>{name}: {languages} 言語 × {sentences:,} 文</translation>
    </message>
    <message>
        <source>{name}: {languages} share no sentence</source>
        <translation>{name}: {languages} に共通の文がありません</translation>
    </message>
    <message>
        <source>{name}: {language} lacks some of the sentences asked for</source>
        <translation>{name}: {language} には要求された文の一部がありません</translation>
    </message>
    <message>
        <source>{not_a_model}; {what_it_is}</source>
        <translation>{not_a_model}; {what_it_is}</translation>
    </message>
    <message>
        <source>{not_a_model}{detail}; {what_it_is}</source>
        <translation>{not_a_model}{detail}; {what_it_is}</translation>
    </message>
    <message>
        <source>{option} is for tiktoken rank files; this file is {label}, which does not take it</source>
        <translation>{option} は tiktoken のランクファイル用です。このファイルは {label} なので指定できません</translation>
    </message>
    <message>
        <source>{option} {name}={problem}</source>
        <translation>{option} {name}={problem}</translation>
    </message>
    <message>
        <source>{option} {spec!r}: expected LANG=VALUE, e.g. {option} ja=0.2</source>
        <translation>{option} {spec!r}: LANG=VALUE の形式で指定してください（例: {option} ja=0.2）</translation>
    </message>
    <message>
        <source>{option}: {name} is given twice</source>
        <translation>{option}: {name} が 2 回指定されています</translation>
    </message>
    <message>
        <source>{path} has {vocab_count:,} pieces; BPE Lens supports up to {max_token_id:,}</source>
        <translation>{path} にはピースが {vocab_count:,} 個あります。BPE Lens がサポートするのは {max_token_id:,} 個までです</translation>
    </message>
    <message>
        <source>{path} is missing (a list of [piece, score] pairs)</source>
        <translation>{path} がありません（[piece, score] のペアのリスト）</translation>
    </message>
    <message>
        <source>{path} is not UTF-8 text</source>
        <translation>{path} は UTF-8 のテキストではありません</translation>
    </message>
    <message>
        <source>{path} must be &quot;BatchLongest&quot; or {{&quot;Fixed&quot;: n}}, not {strategy}</source>
        <translation>{path} は &quot;BatchLongest&quot; または {{&quot;Fixed&quot;: n}} でなければなりません（{strategy}ではありません）</translation>
    </message>
    <message>
        <source>{path} must be a list of [piece, score] pairs, not {name}</source>
        <translation>{path} は [piece, score] のペアのリストでなければなりません（{name} ではありません）</translation>
    </message>
    <message>
        <source>{path} must be from 0 to 1, not {dropout!r}</source>
        <translation>{path} は 0 から 1 の範囲でなければなりません（{dropout!r} ではありません）</translation>
    </message>
    <message>
        <source>{path} must hold the sequence (A) exactly once; BPE Lens does not support templates that drop or repeat the text</source>
        <translation>{path} はシーケンス (A) をちょうど 1 回含まなければなりません。BPE Lens はテキストを省略または繰り返すテンプレートをサポートしていません</translation>
    </message>
    <message>
        <source>{path} {dropout!r}: BPE-dropout is random, so no tool can show one tokenization of a text; set it to null</source>
        <translation>{path} {dropout!r}: BPE-dropout はランダムなため、どのツールでもテキストのトークン化を 1 通りに示すことはできません。null に設定してください</translation>
    </message>
    <message>
        <source>{path}, field {field}</source>
        <translation>{path}、フィールド {field}</translation>
    </message>
    <message>
        <source>{path}, line {line}: expected {{&quot;ids&quot;: [...]}}, {{&quot;prompt_ids&quot;: [...], &quot;completion_ids&quot;: [...]}} or a list of ids</source>
        <translation>{path} の {line} 行目: {{&quot;ids&quot;: [...]}}、{{&quot;prompt_ids&quot;: [...], &quot;completion_ids&quot;: [...]}}、または ID のリストが必要です</translation>
    </message>
    <message>
        <source>{path}, line {line}: not JSON ({error})</source>
        <translation>{path} の {line} 行目: JSON ではありません（{error}）</translation>
    </message>
    <message>
        <source>{path}, line {line}: {error}</source>
        <translation>{path} の {line} 行目: {error}</translation>
    </message>
    <message>
        <source>{path}: cannot open corpus file ({strerror})</source>
        <translation>{path}: コーパスファイルを開けません（{strerror}）</translation>
    </message>
    <message>
        <source>{path}: cannot read a tokenizer.json ({exc})</source>
        <translation>{path}: tokenizer.json を読み込めません（{exc}）</translation>
    </message>
    <message>
        <source>{path}: cannot read it ({error})</source>
        <translation>{path} を読めません（{error}）</translation>
    </message>
    <message>
        <source>{path}: cannot read it ({exc})</source>
        <translation>{path}: 読み込めません（{exc}）</translation>
    </message>
    <message>
        <source>{path}: cannot read it ({value})</source>
        <translation>{path}: 読み込めません（{value}）</translation>
    </message>
    <message>
        <source>{path}: cannot read the folder ({value})</source>
        <translation>{path}: フォルダーを読み込めません（{value}）</translation>
    </message>
    <message>
        <source>{path}: continued training needs a BPE tokenizer.json (model type BPE)</source>
        <translation>{path}: 継続学習には BPE の tokenizer.json（モデルタイプ BPE）が必要です</translation>
    </message>
    <message>
        <source>{path}: is a folder, not a file</source>
        <translation>{path}: ファイルではなくフォルダーです</translation>
    </message>
    <message>
        <source>{path}: is not a regular file (a device or a pipe)</source>
        <translation>{path}: 通常のファイルではありません（デバイスまたはパイプ）</translation>
    </message>
    <message>
        <source>{path}: more than {max_files:,} files; open the folder that holds the corpus&apos;s files</source>
        <translation>{path}: ファイルが {max_files:,} 個を超えています。コーパスのファイルを含むフォルダーを開いてください</translation>
    </message>
    <message>
        <source>{path}: more than {max_files:,} members</source>
        <translation>{path}: メンバーが {max_files:,} 個を超えています</translation>
    </message>
    <message>
        <source>{path}: no such file or folder</source>
        <translation>{path}: そのようなファイルまたはフォルダーはありません</translation>
    </message>
    <message>
        <source>{path}: not UTF-8 at byte {offset} ({reason})</source>
        <translation>{path}: バイト {offset} が UTF-8 ではありません（{reason}）</translation>
    </message>
    <message>
        <source>{path}: not a parallel corpus BPE Lens reads; give {formats}</source>
        <translation>{path}: BPE Lens が読み込める対訳コーパスではありません。{formats} を指定してください</translation>
    </message>
    <message>
        <source>{path}: not a readable tar archive ({reason}); archives are .tar.gz, .tar.xz (or .tar.bz2, .tar)</source>
        <translation>{path}: 読み込める tar アーカイブではありません（{reason}）。アーカイブは .tar.gz、.tar.xz（または .tar.bz2、.tar）です</translation>
    </message>
    <message>
        <source>{piece!r}: character {index} is in no piece and the model has no unknown token</source>
        <translation>{piece!r}: 文字 {index} はどのピースにも含まれず、モデルに未知トークンがありません</translation>
    </message>
    <message>
        <source>{query!r} is not a token id (a whole number)</source>
        <translation>{query!r} はトークン ID（整数）ではありません</translation>
    </message>
    <message>
        <source>{query!r} is not hex bytes (e.g. e3 81 82 or 0xe38182)</source>
        <translation>{query!r} は 16 進数のバイト列ではありません（例: e3 81 82 や 0xe38182）</translation>
    </message>
    <message>
        <source>{ratio_count} ratios for {languages} languages: give one per training language</source>
        <translation>{languages} 言語に対して比率が {ratio_count} 個あります: 学習言語ごとに 1 つ指定してください</translation>
    </message>
    <message>
        <source>{removals} removals, {removed_tokens} tokens removed at the end</source>
        <translation>除去 {removals} 回、最終的に取り除かれたトークン {removed_tokens} 個</translation>
    </message>
    <message>
        <source>{size:,} bytes is far larger than any SentencePiece model (at most {max_file_bytes:,} bytes are read)</source>
        <translation>{size:,} バイトは SentencePiece モデルとしては大きすぎます（読み込むのは最大 {max_file_bytes:,} バイトです）</translation>
    </message>
    <message>
        <source>{step} changes “{before}” to “{after}” at character {char}</source>
        <translation>{step} が文字 {char} の「{before}」を「{after}」に変えます</translation>
    </message>
    <message>
        <source>{superword_tokens} of {stage2_tokens} stage-2 tokens hold several words</source>
        <translation>第 2 段階のトークン {stage2_tokens} 個のうち {superword_tokens} 個が複数の単語を含む</translation>
    </message>
    <message>
        <source>{takes_merges} (this one has {affix} {value!r})</source>
        <translation>{takes_merges}（これには {affix} {value!r} があります）</translation>
    </message>
    <message>
        <source>{takes_merges} (this one is {describe})</source>
        <translation>{takes_merges}（これは {describe} です）</translation>
    </message>
    <message>
        <source>{text!r} is {count} pieces for this tokenizer; sampling shows one piece&apos;s segmentations: give one word</source>
        <translation>{text!r} はこのトークナイザーでは {count} 個のピースです。サンプリングは一つのピースの分割を示します: 一語を指定してください</translation>
    </message>
    <message>
        <source>{token!r} is one token on the {side} and text on the {other} ({why})</source>
        <translation>{token!r} は {side} では一つのトークン、{other} ではテキストです（{why}）</translation>
    </message>
    <message>
        <source>{trainer} needs {flag}: {help}</source>
        <translation>{trainer} には {flag} が必要です: {help}</translation>
    </message>
    <message>
        <source>{train} training + {dev} dev sentences need {total}, but the corpus has {available} per language</source>
        <translation>学習用 {train} 文 + 開発用 {dev} 文には {total} 文が必要ですが、コーパスには言語ごとに {available} 文しかありません</translation>
    </message>
    <message>
        <source>{what} stays one piece however long: {cost}</source>
        <translation>{what} はどれほど長くても 1 つのピースのままです: {cost}</translation>
    </message>
    <message>
        <source>{what}, characters {start}–{end} of the pattern</source>
        <translation>{what}（パターンの {start}–{end} 文字目）</translation>
    </message>
    <message>
        <source>{where} must be {what}</source>
        <translation>{where} は {what} でなければなりません</translation>
    </message>
    <message>
        <source>{where} must be {{&quot;String&quot;: …}} or {{&quot;Regex&quot;: …}}, not {value} with keys {keys}</source>
        <translation>{where} は {{&quot;String&quot;: …}} または {{&quot;Regex&quot;: …}} でなければなりません（キー {keys} を持つ {value}ではありません）</translation>
    </message>
    <message>
        <source>{where} {shown!r} found no answer within {seconds:.1f} s on {characters:,} characters: it backtracks catastrophically (Hugging Face&apos;s engine gives up on it too); fix the pattern in the tokenizer file</source>
        <translation>{where} {shown!r} は {characters:,} 文字に対して {seconds:.1f} 秒以内に結果を返しませんでした: 破滅的なバックトラックが発生しています（Hugging Face のエンジンも処理を諦めます）。トークナイザーファイルのパターンを修正してください</translation>
    </message>
    <message>
        <source>{where} {value!r}: expected {kind}</source>
        <translation>{where} {value!r}: {kind}を指定してください</translation>
    </message>
    <message>
        <source>{where}: a byte-level BPE with a continuing_subword_prefix is not supported by BPE Lens</source>
        <translation>{where}: continuing_subword_prefix のあるバイトレベル BPE は BPE Lens では扱えません</translation>
    </message>
    <message>
        <source>{value} holds a lone surrogate (an unpaired \ud800-\udfff escape), which no UTF-8 text can hold</source>
        <translation>{value} に孤立サロゲート（対になっていない \ud800-\udfff エスケープ）が含まれていますが、UTF-8 テキストには含められません</translation>
    </message>
    <message>
        <source>nbest_size {nbest!r}: expected a whole number up to {limit} (−1: every segmentation)</source>
        <translation>nbest_size {nbest!r}: {limit} までの整数を指定してください(−1: すべての分割)</translation>
    </message>
    <message>
        <source>the dialog that opens</source>
        <translation>開くダイアログ</translation>
    </message>
    <message>
        <source>transition {transition!r}: expected a vocabulary size from {low} (the 256 bytes and the special tokens) to vocab_size ({vocab_size})</source>
        <translation>transition {transition!r}: {low}(256 バイトと特殊トークン)から vocab_size({vocab_size})までの語彙サイズを指定してください</translation>
    </message>
    <message>
        <source>{config}&apos;s auto_map names {module}.{cls}, but {file} is not beside it</source>
        <translation>{config} の auto_map は {module}.{cls} を指していますが、{file} が隣にありません</translation>
    </message>
    <message>
        <source>{kind} Picky BPE{extras}, {tokens} tokens, {merges} merges, {removed} removals</source>
        <translation>{kind} Picky BPE{extras}、トークン {tokens} 個、マージ {merges} 回、除去 {removed} 回</translation>
    </message>
    <message>
        <source>{what} {item!r} is not in {name} (its languages: {languages})</source>
        <translation>{what} {item!r} は {name} にありません（その言語: {languages}）</translation>
    </message>
    <message>
        <source>{where} has no &quot;type&quot; and fits no model ({errors})</source>
        <translation>{where} には &quot;type&quot; がなく、どのモデルにも合いません（{errors}）</translation>
    </message>
    <message>
        <source>{where} has no &quot;type&quot; and its fields fit no {what} ({names})</source>
        <translation>{where} には &quot;type&quot; がなく、そのフィールドはどの {what} にも合いません（{names}）</translation>
    </message>
    <message>
        <source>{where} has score {score}; scores must be finite</source>
        <translation>{where} のスコアは {score} です。スコアは有限でなければなりません</translation>
    </message>
    <message>
        <source>{where} has type {kind}; valid types: {valid}</source>
        <translation>{where} のタイプは {kind} です。有効なタイプ: {valid}</translation>
    </message>
    <message>
        <source>{where} holds a NUL character</source>
        <translation>{where} に NUL 文字が含まれています</translation>
    </message>
    <message>
        <source>{where} holds a lone surrogate ({value!r}), which no UTF-8 text can hold</source>
        <translation>{where} に孤立サロゲート（{value!r}）が含まれていますが、UTF-8 テキストには含められません</translation>
    </message>
    <message>
        <source>{where} is a byte piece, but byte_fallback is false</source>
        <translation>{where} はバイトピースですが、byte_fallback が false です</translation>
    </message>
    <message>
        <source>{where} is a byte piece; byte pieces are &lt;0x00&gt; … &lt;0xFF&gt;</source>
        <translation>{where} はバイトピースです。バイトピースは &lt;0x00&gt; … &lt;0xFF&gt; です</translation>
    </message>
    <message>
        <source>{where} is a second unknown piece (piece {unk_id} is one); a model has exactly one</source>
        <translation>{where} は 2 つ目の未知ピースです（ピース {unk_id} も未知ピースです）。モデルの未知ピースはちょうど 1 つでなければなりません</translation>
    </message>
    <message>
        <source>{where} is defined twice (also piece {seen})</source>
        <translation>{where} が 2 回定義されています（ピース {seen} でも定義）</translation>
    </message>
    <message>
        <source>{where} must be [token, id], not {value}</source>
        <translation>{where} は [token, id] でなければなりません（{value}ではありません）</translation>
    </message>
    <message>
        <source>{where} must be a string, not {value}</source>
        <translation>{where} は文字列でなければなりません（{value}ではありません）</translation>
    </message>
    <message>
        <source>{where} must be an object mapping tokens to ids</source>
        <translation>{where} はトークンを ID に対応付けるオブジェクトでなければなりません</translation>
    </message>
    <message>
        <source>{where} must be an object, not {data}</source>
        <translation>{where} はオブジェクトでなければなりません（{data} ではありません）</translation>
    </message>
    <message>
        <source>{where} must be {limit}, not {value}</source>
        <translation>{where} は{limit}でなければなりません（{value}ではありません）</translation>
    </message>
    <message>
        <source>{where} must be {{&quot;Sequence&quot;: …}} or {{&quot;SpecialToken&quot;: …}}</source>
        <translation>{where} は {{&quot;Sequence&quot;: …}} または {{&quot;SpecialToken&quot;: …}} でなければなりません</translation>
    </message>
    <message>
        <source>{where} needs both &quot;vocab&quot; and &quot;merges&quot;</source>
        <translation>{where} には &quot;vocab&quot; と &quot;merges&quot; の両方が必要です</translation>
    </message>
    <message>
        <source>{where} {spec!r}: expected FROM:TO:xFACTOR (1000:64000:x2), FROM:TO:+STEP or sizes separated by commas, 1 or more, at most {limit} sizes</source>
        <translation>{where} {spec!r}: FROM:TO:xFACTOR(1000:64000:x2)、FROM:TO:+STEP またはカンマ区切りのサイズ(1 以上、最大 {limit} 個)を指定してください</translation>
    </message>
    <message>
        <source>{where}, line 1: column {position} has no name; the header names each column&apos;s language (or id)</source>
        <translation>{where}、1 行目: 列 {position} に名前がありません。ヘッダーでは各列の言語（または id）を指定します</translation>
    </message>
    <message>
        <source>{where}, line 1: the header names no language, only an id column</source>
        <translation>{where}、1 行目: ヘッダーに言語名がなく、id 列しかありません</translation>
    </message>
    <message>
        <source>{where}, line 1: the language {language!r} names two columns</source>
        <translation>{where}、1 行目: 言語 {language!r} が 2 つの列に付けられています</translation>
    </message>
    <message>
        <source>{where}, line 1: {found_count} id columns; the header may name one</source>
        <translation>{where}、1 行目: id 列が {found_count} 個あります。ヘッダーで指定できる id 列は 1 つだけです</translation>
    </message>
    <message>
        <source>{where}, line {number}: 1 field where the header names {header_count} ({shown}); each row needs one tab-separated field per column</source>
        <translation>{where}、{number} 行目: ヘッダーは {header_count} 列（{shown}）ですが、フィールドが 1 個しかありません。各行には列ごとにタブ区切りのフィールドが 1 つ必要です</translation>
    </message>
    <message>
        <source>{where}, line {number}: {fields_count} fields where the header names {header_count} ({shown}); each row needs one tab-separated field per column</source>
        <translation>{where}、{number} 行目: ヘッダーは {header_count} 列（{shown}）ですが、フィールドが {fields_count} 個あります。各行には列ごとにタブ区切りのフィールドが 1 つ必要です</translation>
    </message>
    <message>
        <source>{where}, line {number}: {language} has id {sentence_id!r} already (line {rows}); each language may have each id once</source>
        <translation>{where}、{number} 行目: {language} には ID {sentence_id!r} がすでにあります（{rows} 行目）。各言語で各 ID は 1 回しか使えません</translation>
    </message>
    <message>
        <source>{where}, line {row}: id {value!r} is used again (first on line {seen}); each row needs an id of its own</source>
        <translation>{where}、{row} 行目: ID {value!r} が再び使われています（最初は {seen} 行目）。各行には固有の ID が必要です</translation>
    </message>
    <message>
        <source>{where}, line {row}: the id is empty</source>
        <translation>{where}、{row} 行目: ID が空です</translation>
    </message>
    <message>
        <source>{where}.rank is {rank!r}; ranks run 0, 1, 2 … in order</source>
        <translation>{where}.rank が {rank!r} です。ランクは 0, 1, 2 … の順に並びます</translation>
    </message>
    <message>
        <source>{where}.rank is {rank!r}; special tokens take the ids 0, 1, 2 … in order</source>
        <translation>{where}.rank が {rank!r} です。特殊トークンの ID は 0, 1, 2 … の順です</translation>
    </message>
    <message>
        <source>{where}.token_bytes is not base64</source>
        <translation>{where}.token_bytes が base64 ではありません</translation>
    </message>
    <message>
        <source>{where}.token_bytes is {problem}</source>
        <translation>{where}.token_bytes が{problem}</translation>
    </message>
    <message>
        <source>{where}.token_str {text!r} is empty or repeats one</source>
        <translation>{where}.token_str {text!r} が空か、ほかと重複しています</translation>
    </message>
    <message>
        <source>{where}.type &quot;{kind}&quot; is not a {what} BPE Lens knows; known: {names}</source>
        <translation>{where}.type &quot;{kind}&quot; は BPE Lens が認識する {what}ではありません。既知のもの: {names}</translation>
    </message>
    <message>
        <source>{where}.type &quot;{kind}&quot; must be written &quot;{name}&quot;</source>
        <translation>{where}.type &quot;{kind}&quot; は &quot;{name}&quot; と書かなければなりません</translation>
    </message>
    <message>
        <source>{where}.type must be a string, not {kind}</source>
        <translation>{where}.type は文字列でなければなりません（{kind}ではありません）</translation>
    </message>
    <message>
        <source>{where}.type {kind} is not a model; known: BPE, WordPiece, Unigram (and WordLevel, which BPE Lens does not support)</source>
        <translation>{where}.type {kind} はモデルではありません。既知のモデル: BPE、WordPiece、Unigram（および WordLevel。ただし BPE Lens は未対応）</translation>
    </message>
    <message>
        <source>{where}: &quot;id&quot; must be a string or a whole number, not {sentence_id}</source>
        <translation>{where}: &quot;id&quot; は文字列または整数でなければなりません（{sentence_id} ではありません）</translation>
    </message>
    <message>
        <source>{where}: &quot;lang&quot; must be a language code such as &quot;ja&quot;, not {language}</source>
        <translation>{where}: &quot;lang&quot; は &quot;ja&quot; のような言語コードでなければなりません（{language} ではありません）</translation>
    </message>
    <message>
        <source>{where}: &quot;text&quot; must be a string, not {text}</source>
        <translation>{where}: &quot;text&quot; は文字列でなければなりません（{text} ではありません）</translation>
    </message>
    <message>
        <source>{where}: &quot;{key}&quot; holds a lone surrogate (an unpaired \ud800-\udfff escape), which no UTF-8 text can hold</source>
        <translation>{where}: &quot;{key}&quot; に孤立サロゲート（対になっていない \ud800-\udfff エスケープ）が含まれていますが、UTF-8 テキストには含められません</translation>
    </message>
    <message>
        <source>{where}: a JSON {name}, not an object; {shape}</source>
        <translation>{where}: オブジェクトではなく JSON の {name} です。{shape}</translation>
    </message>
    <message>
        <source>{where}: a header but no sentences</source>
        <translation>{where}: ヘッダーはありますが文がありません</translation>
    </message>
    <message>
        <source>{where}: add_prefix_space false does not match prepend_scheme &quot;{scheme}&quot;</source>
        <translation>{where}: add_prefix_space false は prepend_scheme &quot;{scheme}&quot; と一致しません</translation>
    </message>
    <message>
        <source>{where}: empty; a TSV corpus starts with a header naming its languages (id&lt;TAB&gt;en&lt;TAB&gt;ja …)</source>
        <translation>{where}: 空です。TSV コーパスは言語名を並べたヘッダーで始まります（id&lt;TAB&gt;en&lt;TAB&gt;ja …）</translation>
    </message>
    <message>
        <source>{where}: most languages come in several files ({language}: {shown}): it holds several splits or sets; open the folder of one of them</source>
        <translation>{where}: ほとんどの言語が複数のファイルに分かれています（{language}: {shown}）: 複数の分割またはセットが含まれています。そのうち 1 つのフォルダーを開いてください</translation>
    </message>
    <message>
        <source>{where}: no files of sentences (line-aligned files named by language, such as eng_Latn.devtest, newstest2019-ref.jpn.txt or ja.txt)</source>
        <translation>{where}: 文のファイルがありません（eng_Latn.devtest、newstest2019-ref.jpn.txt、ja.txt のように言語名を付けた、行が対応するファイル）</translation>
    </message>
    <message>
        <source>{where}: no sentences; {shape}</source>
        <translation>{where}: 文がありません。{shape}</translation>
    </message>
    <message>
        <source>{where}: no {items}; {shape}</source>
        <translation>{where}: {items} がありません。{shape}</translation>
    </message>
    <message>
        <source>{where}: not JSON ({msg} at column {colno}); {shape}</source>
        <translation>{where}: JSON ではありません（列 {colno} で {msg}）。{shape}</translation>
    </message>
    <message>
        <source>{where}: the file ends too early or a value has the wrong type ({detail}); the file is truncated or corrupt</source>
        <translation>{where}: ファイルが早く終わっているか、値の型が違います（{detail}）。ファイルが途中で切れているか壊れています</translation>
    </message>
    <message>
        <source>{where}: the files are empty</source>
        <translation>{where}: ファイルが空です</translation>
    </message>
    <message>
        <source>{where}: the files are not line-aligned: {listed} lines</source>
        <translation>{where}: ファイルの行が揃っていません: {listed} 行</translation>
    </message>
    <message>
        <source>{where}: the files are not line-aligned: {shown}{more}, where {agreeing} other files have {usual:,}; line i of every file must be the same sentence</source>
        <translation>{where}: ファイルの行が揃っていません: {shown}{more}（他の {agreeing} 個のファイルは {usual:,} 行）。すべてのファイルの i 行目は同じ文でなければなりません</translation>
    </message>
    <message>
        <source>{where}: the model WordLevel is not supported by BPE Lens</source>
        <translation>{where}: WordLevel モデルは BPE Lens ではサポートされていません</translation>
    </message>
    <message>
        <source>{where}: the token {token!r} holds a lone surrogate, which no UTF-8 text can hold</source>
        <translation>{where}: トークン {token!r} に孤立サロゲートが含まれていますが、UTF-8 テキストには含められません</translation>
    </message>
    <message>
        <source>{where}: the {what} {name} is not supported by BPE Lens</source>
        <translation>{where}: {what} {name} は BPE Lens ではサポートされていません</translation>
    </message>
    <message>
        <source>{where}: tokens {seen!r} and {shown!r} both have id {tid}; each id must belong to one token</source>
        <translation>{where}: トークン {seen!r} と {shown!r} の両方が ID {tid} を持っています。各 ID は 1 つのトークンにのみ属さなければなりません</translation>
    </message>
    <message>
        <source>{where}: {exc}; {shape}</source>
        <translation>{where}: {exc}; {shape}</translation>
    </message>
    <message>
        <source>{where}: {name} has no training bytes to weight</source>
        <translation>{where}: {name} には重み付けする学習バイトがありません</translation>
    </message>
    <message>
        <source>{where}: {parts} (give LANG=P for each training language: {byte_totals})</source>
        <translation>{where}: {parts}（学習言語ごとに LANG=P を指定してください: {byte_totals}）</translation>
    </message>
    <message>
        <source>{where}: {problem}</source>
        <translation>{where}: {problem}</translation>
    </message>
    <message>
        <source>{where}: {problem}; the file is truncated or corrupt</source>
        <translation>{where}: {problem}。ファイルが途中で切れているか壊れています</translation>
    </message>
    <message>
        <source>{where}: {size:,} bytes is more than the {limit} {what} may have</source>
        <translation>{where}: {size:,} バイトは {what} の上限 {limit} を超えています</translation>
    </message>
    <message>
        <source>{where}: {value!r} is not a number (use e.g. 2, 0.5 or &apos;1/3&apos;)</source>
        <translation>{where}: {value!r} は数値ではありません（2、0.5、&apos;1/3&apos; などを使ってください）</translation>
    </message>
    <message>
        <source>{where}: {value!r} must be greater than zero</source>
        <translation>{where}: {value!r} は 0 より大きくなければなりません</translation>
    </message>
    <message>
        <source>{where}[{rank}] must be a pair of tokens [&quot;a&quot;, &quot;b&quot;], not {describe}</source>
        <translation>{where}[{rank}] はトークンのペア [&quot;a&quot;, &quot;b&quot;] でなければなりません（{describe}ではありません）</translation>
    </message>
    <message>
        <source>{where}[{rank}] must be two tokens separated by one space, not {describe}</source>
        <translation>{where}[{rank}] は 1 つの空白で区切られた 2 つのトークンでなければなりません（{describe}ではありません）</translation>
    </message>
    <message>
        <source>{where}[{rank}] must be, like the other merges, {shape}, not {describe}</source>
        <translation>{where}[{rank}] は他のマージと同様に {shape} でなければなりません（{describe}ではありません）</translation>
    </message>
    <message>
        <source>{where}[{shown!r}] must be a whole number id ≥ 0, not {tid!r}</source>
        <translation>{where}[{shown!r}] は 0 以上の整数の ID でなければなりません（{tid!r} ではありません）</translation>
    </message>
    <message>
        <source>{where}[{shown!r}]: id {tid:,} is above {max_token_id:,}, the largest id BPE Lens supports (real vocabularies have a few hundred thousand)</source>
        <translation>{where}[{shown!r}]: ID {tid:,} は BPE Lens がサポートする最大の ID {max_token_id:,} を超えています（実際の語彙は数十万程度です）</translation>
    </message>
    <message>
        <source>{where}line {index}: expected text, not {type}</source>
        <translation>{where}{index} 行目: {type} ではなくテキストが必要です</translation>
    </message>
    <message>
        <source>{where}{about}, line {line}: not UTF-8 at byte {column} of the line (0x{data:02X}); save the file as UTF-8</source>
        <translation>{where}{about}、{line} 行目: 行のバイト {column} が UTF-8 ではありません（0x{data:02X}）。ファイルを UTF-8 で保存してください</translation>
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
        <source>Not for this tokenizer: {why}. Open a BPE tokenizer.json or a BPE trained here to extend it.</source>
        <translation>このトークナイザーには使えません: {why}。拡張するには BPE の tokenizer.json か、ここで学習した BPE を開いてください。</translation>
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
    <name>FailureMessages</name>
    <message>
        <source>Cannot open {message}. Showing the bundled demo {fallback} instead.</source>
        <translation>開けません: {message}。代わりに同梱のデモ {fallback} を表示します。</translation>
    </message>
    <message>
        <source>Cannot open {message}</source>
        <translation>{message} を開けません</translation>
    </message>
    <message>
        <source>Cannot encode this text with {tokenizer}: {reason}</source>
        <translation>このテキストを {tokenizer} でエンコードできません: {reason}</translation>
    </message>
    <message>
        <source>Cannot encode this text with this tokenizer: {reason}</source>
        <translation>このテキストをこのトークナイザーでエンコードできません: {reason}</translation>
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
    <name>Language</name>
    <message>
        <source>English</source>
        <translation>英語</translation>
    </message>
    <message>
        <source>Japanese</source>
        <translation>日本語</translation>
    </message>
    <message>
        <source>Chinese</source>
        <translation>中国語</translation>
    </message>
    <message>
        <source>Korean</source>
        <translation>韓国語</translation>
    </message>
    <message>
        <source>Arabic</source>
        <translation>アラビア語</translation>
    </message>
    <message>
        <source>Hindi</source>
        <translation>ヒンディー語</translation>
    </message>
    <message>
        <source>Russian</source>
        <translation>ロシア語</translation>
    </message>
    <message>
        <source>Spanish</source>
        <translation>スペイン語</translation>
    </message>
    <message>
        <source>French</source>
        <translation>フランス語</translation>
    </message>
    <message>
        <source>German</source>
        <translation>ドイツ語</translation>
    </message>
    <message>
        <source>Portuguese</source>
        <translation>ポルトガル語</translation>
    </message>
    <message>
        <source>Vietnamese</source>
        <translation>ベトナム語</translation>
    </message>
    <message>
        <source>{name} ({code})</source>
        <translation>{name}（{code}）</translation>
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
    <name>LintPage</name>
    <message>
        <source>severity</source>
        <translation>重大度</translation>
    </message>
    <message>
        <source>kind</source>
        <translation>種類</translation>
    </message>
    <message>
        <source>where</source>
        <translation>場所</translation>
    </message>
    <message>
        <source>growth</source>
        <translation>増加の仕方</translation>
    </message>
    <message>
        <source>exponent</source>
        <translation>指数</translation>
    </message>
    <message>
        <source>reason</source>
        <translation>理由</translation>
    </message>
    <message>
        <source>error</source>
        <translation>エラー</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>info</source>
        <translation>情報</translation>
    </message>
    <message>
        <source>backtracking</source>
        <translation>バックトラック</translation>
    </message>
    <message>
        <source>unbounded piece</source>
        <translation>長さ無制限のピース</translation>
    </message>
    <message>
        <source>added tokens</source>
        <translation>追加トークン</translation>
    </message>
    <message>
        <source>catastrophic</source>
        <translation>破滅的</translation>
    </message>
    <message>
        <source>near-linear</source>
        <translation>ほぼ線形</translation>
    </message>
    <message>
        <source>superlinear</source>
        <translation>超線形</translation>
    </message>
    <message>
        <source>quadratic</source>
        <translation>二次</translation>
    </message>
    <message>
        <source>cubic or worse</source>
        <translation>三次以上</translation>
    </message>
    <message>
        <source>a run of one letter</source>
        <translation>同じ文字の連続</translation>
    </message>
    <message>
        <source>a run of one CJK character</source>
        <translation>同じ CJK 文字の連続</translation>
    </message>
    <message>
        <source>a run of digits</source>
        <translation>数字の連続</translation>
    </message>
    <message>
        <source>a run of punctuation</source>
        <translation>句読点の連続</translation>
    </message>
    <message>
        <source>a run of spaces</source>
        <translation>空白の連続</translation>
    </message>
    <message>
        <source>a run of newlines</source>
        <translation>改行の連続</translation>
    </message>
    <message>
        <source>a run that makes the match fail</source>
        <translation>マッチを失敗させる連続</translation>
    </message>
    <message>
        <source>near misses of the added tokens</source>
        <translation>追加トークンのニアミス</translation>
    </message>
    <message>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <source>an input stops growing once encoding it takes more than this many CPU seconds; all the timing together stops after 12 times this</source>
        <translation>エンコードにこの CPU 秒数を超えてかかった時点で入力を伸ばすのをやめます。計測全体はこの 12 倍で打ち切ります</translation>
    </message>
    <message>
        <source>static only (no timing)</source>
        <translation>静的検査のみ（計測なし）</translation>
    </message>
    <message>
        <source>find and describe the pathologies; time nothing</source>
        <translation>問題箇所を見つけて説明するだけで、時間は計測しません</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>実行</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>キャンセル</translation>
    </message>
    <message>
        <source>Find what makes this tokenizer slow on the wrong input — backtracking patterns, pieces without a length bound, thousands of added tokens — and time encoding each worst case as it grows.</source>
        <translation>このトークナイザーが特定の入力で遅くなる原因（バックトラックするパターン、長さに上限のないピース、数千個の追加トークン）を見つけ、それぞれの最悪ケースを伸ばしながらエンコード時間を計測します。</translation>
    </message>
    <message>
        <source>Select a finding: its field, why it matters, its worst-case input and its timing.</source>
        <translation>検出項目を選ぶと、そのフィールド、問題になる理由、最悪ケースの入力、計測結果を表示します。</translation>
    </message>
    <message>
        <source>Time cap per length</source>
        <translation>長さごとの制限時間</translation>
    </message>
    <message>
        <source>Lint</source>
        <translation>リント</translation>
    </message>
    <message>
        <source>Could not lint: {error}</source>
        <translation>リントできませんでした: {error}</translation>
    </message>
    <message>
        <source>Cancelled: nothing linted.</source>
        <translation>キャンセルしました: リントは行われていません。</translation>
    </message>
    <message>
        <source>Reading the pre-tokenizer…</source>
        <translation>プレトークナイザーを読み込んでいます…</translation>
    </message>
    <message>
        <source>Timing each worst case as it grows: {percent:.0%}</source>
        <translation>各最悪ケースを伸ばしながら計測しています: {percent:.0%}</translation>
    </message>
    <message>
        <source>no findings</source>
        <translation>検出なし</translation>
    </message>
    <message>
        <source>No findings: nothing in this tokenizer makes encoding slow on the inputs the lint knows.</source>
        <translation>検出なし: リントが知っている入力では、このトークナイザーのエンコードを遅くするものはありません。</translation>
    </message>
    <message>
        <source>{count} finding(s): {errors} error(s), {warnings} warning(s), {infos} for information.</source>
        <translation>検出 {count} 件: エラー {errors} 件、警告 {warnings} 件、情報 {infos} 件。</translation>
    </message>
    <message>
        <source>{seconds:.1f} CPU seconds.</source>
        <translation>CPU 時間 {seconds:.1f} 秒。</translation>
    </message>
    <message>
        <source>Static only: nothing timed.</source>
        <translation>静的検査のみ: 計測していません。</translation>
    </message>
    <message>
        <source>not timed: the run was static only</source>
        <translation>未計測: 静的検査のみの実行でした</translation>
    </message>
    <message>
        <source>not timed: {note}</source>
        <translation>未計測: {note}</translation>
    </message>
    <message>
        <source>not timed: the timing&apos;s budget (12 × the time cap) was spent on the findings before it</source>
        <translation>未計測: 計測の持ち時間（制限時間の 12 倍）をそれより前の検出項目で使い切りました</translation>
    </message>
    <message>
        <source>Pattern:</source>
        <translation>パターン:</translation>
    </message>
    <message>
        <source>Why:</source>
        <translation>理由:</translation>
    </message>
    <message>
        <source>Worst case ({what}):</source>
        <translation>最悪ケース（{what}）:</translation>
    </message>
    <message>
        <source>Looks like:</source>
        <translation>入力の例:</translation>
    </message>
    <message>
        <source>{n:,} characters took {seconds:.3g} CPU seconds; growth {growth}, exponent {exponent}</source>
        <translation>{n:,} 文字で CPU 時間 {seconds:.3g} 秒。増え方は{growth}、指数 {exponent}</translation>
    </message>
    <message>
        <source>; the next length ran out of the pattern&apos;s time budget</source>
        <translation>。次の長さではパターンの時間予算を使い切りました</translation>
    </message>
    <message>
        <source>Timing:</source>
        <translation>計測:</translation>
    </message>
    <message>
        <source>The slope is read from the filled points, the longest inputs: shorter ones time mostly the call itself, or an engine that changes its algorithm with the length.</source>
        <translation>傾きは塗りつぶした点（最も長い入力）から読み取ります。短い入力で計れるのはほとんど呼び出しそのものか、長さによってアルゴリズムを切り替えるエンジンの挙動です。</translation>
    </message>
    <message>
        <source>Note:</source>
        <translation>注:</translation>
    </message>
    <message>
        <source>The same cause keeps whole:</source>
        <translation>同じ原因で一つのまま残るもの:</translation>
    </message>
</context>
<context>
    <name>LintPlot</name>
    <message>
        <source>characters</source>
        <translation>文字数</translation>
    </message>
    <message>
        <source>CPU seconds</source>
        <translation>CPU 秒</translation>
    </message>
    <message>
        <source>not timed</source>
        <translation>未計測</translation>
    </message>
    <message>
        <source>slope {slope}</source>
        <translation>傾き {slope}</translation>
    </message>
    <message>
        <source>Encode CPU time: too few lengths for a slope</source>
        <translation>エンコードの CPU 時間: 傾きを求めるには長さの点が足りません</translation>
    </message>
    <message>
        <source>Encode CPU time: slope {exponent:.2f}, then out of time (catastrophic)</source>
        <translation>エンコードの CPU 時間: 傾き {exponent:.2f}、その後時間切れ（破滅的）</translation>
    </message>
    <message>
        <source>Encode CPU time: slope {exponent:.2f} ({growth})</source>
        <translation>エンコードの CPU 時間: 傾き {exponent:.2f}（{growth}）</translation>
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
        <source>Hide your text ▴</source>
        <translation>入力テキストを隠す ▴</translation>
    </message>
    <message>
        <source>Show your text ▾</source>
        <translation>入力テキストを表示 ▾</translation>
    </message>
    <message>
        <source>Fold the text panes away on this kind of tab: the page is the tab&apos;s</source>
        <translation>この種類のタブではテキスト欄をたたみ、ページ全体をタブに使います</translation>
    </message>
    <message>
        <source>Show the text panes over this kind of tab too</source>
        <translation>この種類のタブでもテキスト欄を上に表示します</translation>
    </message>
    <message>
        <source>Zoom {percent}%</source>
        <translation>ズーム {percent}%</translation>
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
        <source>Zoom</source>
        <translation>ズーム</translation>
    </message>
    <message>
        <source>Zoom in</source>
        <translation>拡大</translation>
    </message>
    <message>
        <source>Zoom out</source>
        <translation>縮小</translation>
    </message>
    <message>
        <source>Actual size</source>
        <translation>実際のサイズ</translation>
    </message>
    <message>
        <source>The view you are on: the text panes when the keyboard is in them, else the tab in front; in presentation mode, everything</source>
        <translation>いま見ているビュー: キーボードがテキスト欄にあればテキスト欄、なければ前面のタブ。プレゼンテーションモードではすべて</translation>
    </message>
    <message>
        <source>Your text over every tab</source>
        <translation>すべてのタブの上に入力テキスト</translation>
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
    <name>MessageCard</name>
    <message>
        <source>The message&apos;s text</source>
        <translation>メッセージのテキスト</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>削除</translation>
    </message>
    <message>
        <source>Remove this message</source>
        <translation>このメッセージを削除</translation>
    </message>
    <message>
        <source>Also: {keys} (edit them as JSON)</source>
        <translation>ほかに: {keys}（JSON で編集）</translation>
    </message>
</context>
<context>
    <name>MessagesEditor</name>
    <message>
        <source>Add a message</source>
        <translation>メッセージを追加</translation>
    </message>
    <message>
        <source>Messages</source>
        <translation>メッセージ</translation>
    </message>
    <message>
        <source>JSON</source>
        <translation>JSON</translation>
    </message>
    <message>
        <source>Not a conversation: {reason}</source>
        <translation>会話ではありません: {reason}</translation>
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
        <source>Its piece “{text}” ends as {why}</source>
        <translation>そのピース「{text}」は最終的に {why}</translation>
    </message>
</context>
<context>
    <name>PlotExport</name>
    <message>
        <source>{width}×{height}: a plot is 16 to {most} pixels a side</source>
        <translation>{width}×{height}: グラフの各辺は 16〜{most} ピクセルです</translation>
    </message>
    <message>
        <source>scale {scale:g}: choose from 0.25 to 8 (1, 2, 3 for slides)</source>
        <translation>倍率 {scale:g}: 0.25〜8 から選んでください（スライドには 1、2、3）</translation>
    </message>
    <message>
        <source>{name}: save a plot as .png or .svg</source>
        <translation>{name}: グラフは .png か .svg で保存してください</translation>
    </message>
    <message>
        <source>BPE Lens plot</source>
        <translation>BPE Lens のグラフ</translation>
    </message>
    <message>
        <source>PNG image (*.png)</source>
        <translation>PNG 画像 (*.png)</translation>
    </message>
    <message>
        <source>SVG vector image (*.svg)</source>
        <translation>SVG ベクター画像 (*.svg)</translation>
    </message>
    <message>
        <source>Export the plot</source>
        <translation>グラフのエクスポート</translation>
    </message>
</context>
<context>
    <name>PlotExportDialog</name>
    <message>
        <source>Export plot</source>
        <translation>グラフをエクスポート</translation>
    </message>
    <message>
        <source>{width} × {height}</source>
        <translation>{width} × {height}</translation>
    </message>
    <message>
        <source>{width} × {height} (as on screen)</source>
        <translation>{width} × {height}（画面どおり）</translation>
    </message>
    <message>
        <source>{scale}×</source>
        <translation>{scale}×</translation>
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
        <source>Size</source>
        <translation>大きさ</translation>
    </message>
    <message>
        <source>Scale</source>
        <translation>倍率</translation>
    </message>
    <message>
        <source>Format</source>
        <translation>形式</translation>
    </message>
    <message>
        <source>An SVG of {width} × {height}, text and lines as vectors</source>
        <translation>{width} × {height} の SVG（文字と線はベクター）</translation>
    </message>
    <message>
        <source>A PNG of {width} × {height} pixels</source>
        <translation>{width} × {height} ピクセルの PNG</translation>
    </message>
</context>
<context>
    <name>PlotExports</name>
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
    <name>RankFileDialog</name>
    <message>
        <source>Which encoding is this rank file?</source>
        <translation>このランクファイルのエンコーディングは？</translation>
    </message>
    <message>
        <source>{name} is a rank file (token bytes and ranks only). Neither its name nor its content says which encoding it belongs to, so its pre-tokenizer pattern and special tokens are unknown.</source>
        <translation>{name} はランクファイルです（トークンのバイト列とランクだけを含みます）。名前からも内容からも属するエンコーディングが分からないため、事前トークナイザーのパターンと特殊トークンが不明です。</translation>
    </message>
    <message>
        <source>It belongs to an encoding:</source>
        <translation>属するエンコーディング:</translation>
    </message>
    <message>
        <source>Split it with this pattern (no special tokens):</source>
        <translation>このパターンで分割する（特殊トークンなし）:</translation>
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
        <source>languages from the cheapest to the costliest on average over the tokenizers; colour: the ratio on a log scale (the bar on the right)</source>
        <translation>言語はトークナイザー平均で安いものから高いものへ。色: 比（対数目盛、右のバー）</translation>
    </message>
    <message>
        <source>ratio to {reference} (log scale)</source>
        <translation>{reference} に対する比（対数目盛）</translation>
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
    <name>ResiduePage</name>
    <message>
        <source>id</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>token</source>
        <translation>トークン</translation>
    </message>
    <message>
        <source>formed</source>
        <translation>生成</translation>
    </message>
    <message>
        <source>absorbed</source>
        <translation>吸収</translation>
    </message>
    <message>
        <source>final</source>
        <translation>最終</translation>
    </message>
    <message>
        <source>ratio</source>
        <translation>比</translation>
    </message>
    <message>
        <source>a token must be formed this often to be judged, so that its share is not read off a handful</source>
        <translation>判定するには、トークンがこの回数以上生成されている必要があります（少数の出現から割合を読まないため）</translation>
    </message>
    <message>
        <source>a residue ends in the output in less than this share of its occurrences (absorbed + final)</source>
        <translation>残留トークンとは、出現（吸収 + 最終）のうち出力に残る割合がこれ未満のトークンです</translation>
    </message>
    <message>
        <source>Find residues</source>
        <translation>残留トークンを探す</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>キャンセル</translation>
    </message>
    <message>
        <source>Trace the merges of every piece of the corpus: tokens formed often but rarely in the output are residues, vocabulary a model learns embeddings for and hardly sees.</source>
        <translation>コーパスのすべてのピースのマージをたどります: 頻繁に生成されるのに出力にはめったに残らないトークンが残留トークンです。モデルが埋め込みを学習するのに、ほとんど目にしない語彙です。</translation>
    </message>
    <message>
        <source>formed: made by a merge (or looked up whole); absorbed: taken by a later merge; final: in the output; ratio: absorbed / (absorbed + final). Click a header to sort.</source>
        <translation>生成: マージで作られた回数（または丸ごと引き当てられた回数）。吸収: 後のマージに取り込まれた回数。最終: 出力に残った回数。比: 吸収 / (吸収 + 最終)。見出しをクリックすると並べ替えます。</translation>
    </message>
    <message>
        <source>Corpus</source>
        <translation>コーパス</translation>
    </message>
    <message>
        <source>Formed at least</source>
        <translation>最小生成回数</translation>
    </message>
    <message>
        <source>Final share below</source>
        <translation>最終割合の上限</translation>
    </message>
    <message>
        <source>Residues</source>
        <translation>残留トークン</translation>
    </message>
    <message>
        <source>Could not find residues: {error}</source>
        <translation>残留トークンを探せませんでした: {error}</translation>
    </message>
    <message>
        <source>No residues to find: {reason}</source>
        <translation>残留トークンを探せません: {reason}</translation>
    </message>
    <message>
        <source>Cancelled: nothing found.</source>
        <translation>キャンセルしました: 何も見つけていません。</translation>
    </message>
    <message>
        <source>Reading the corpus…</source>
        <translation>コーパスを読み込んでいます…</translation>
    </message>
    <message>
        <source>Tracing the merges of {lines:,} lines: {percent:.0%}</source>
        <translation>{lines:,} 行のマージをたどっています: {percent:.0%}</translation>
    </message>
    <message>
        <source>{corpus}: {lines:,} lines, {pieces:,} pieces ({distinct:,} distinct); {candidates:,} tokens formed at least {min_formed:,} times, {residues:,} of them residues (final share below {share:g}).</source>
        <translation>{corpus}: {lines:,} 行、ピース {pieces:,} 個（異なり {distinct:,} 個）。{min_formed:,} 回以上生成されたトークン {candidates:,} 個のうち、残留トークンは {residues:,} 個（最終割合 {share:g} 未満）。</translation>
    </message>
    <message>
        <source>Removing them frees {freed:,} of {vocab:,} vocabulary entries ({share:.2%}); the corpus goes from {before:,} to {after:,} tokens ({change:+.2f}%).</source>
        <translation>これらを取り除くと、語彙 {vocab:,} 項目のうち {freed:,} 項目（{share:.2%}）が空き、コーパスは {before:,} トークンから {after:,} トークンになります（{change:+.2f}%）。</translation>
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
        <source>✗: {why}</source>
        <translation>✗: {why}</translation>
    </message>
    <message>
        <source>{tokens:,} tokens · {characters:,} characters · {bytes:,} bytes · {ratio} bytes/token · round trip {check}</source>
        <translation>{tokens:,} トークン · {characters:,} 文字 · {bytes:,} バイト · {ratio} バイト/トークン · ラウンドトリップ {check}</translation>
    </message>
    <message>
        <source>decode(encode(text)) is not the text: {why}.
the text from character {start}: “{text}”
decoded from there: “{decoded}”</source>
        <translation>decode(encode(テキスト)) が元のテキストと一致しません: {why}。
文字 {start} からのテキスト: 「{text}」
そこからのデコード結果: 「{decoded}」</translation>
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
        <source>Export plots…</source>
        <translation>グラフをエクスポート…</translation>
    </message>
    <message>
        <source>Save both plots as a picture for slides: PNG at a chosen size and scale, or SVG</source>
        <translation>両方のグラフをスライド用の画像として保存します: 大きさと倍率を選んだ PNG、または SVG</translation>
    </message>
    <message>
        <source>Choose a corpus with a dev split (or files with dev sets) and press Train: each language&apos;s dev tokens appear here as it trains.</source>
        <translation>開発セットのあるコーパス（または開発セット付きのファイル）を選んで「学習」を押すと、学習の進行に合わせて各言語の開発セットのトークン数がここに表示されます。</translation>
    </message>
    <message>
        <source>after {merge:,} merges: Gini {gini:.4f}; most tokens: {top}; fewest: {language} {tokens:,}</source>
        <translation>{merge:,} マージ後: ジニ {gini:.4f}。最多: {top}。最少: {language} {tokens:,}</translation>
    </message>
    <message>
        <source>{language}: {tokens:,} dev tokens after {merge:,} merges</source>
        <translation>{language}: {merge:,} 回のマージ後、開発データ {tokens:,} トークン</translation>
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
        <source>Train one run per value of this option, the other settings unchanged</source>
        <translation>このオプションの値ごとに 1 回ずつ学習します（他の設定はそのまま）</translation>
    </message>
    <message>
        <source>one run, or e.g. 1000:2000:+250</source>
        <translation>1 回だけ、または例: 1000:2000:+250</translation>
    </message>
    <message>
        <source>Values, one run each: a list (1000, 1500) or, for whole numbers, FIRST:LAST:+STEP or :xFACTOR; blank: one run</source>
        <translation>値ごとに 1 回: 一覧（1000, 1500）、整数なら 最初:最後:+刻み または :x倍率。空欄なら 1 回</translation>
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
        <source>Sweep sizes…</source>
        <translation>サイズをスイープ…</translation>
    </message>
    <message>
        <source>Cut the selected runs (Ctrl+click selects several) at many vocabulary sizes and plot Gini against total tokens on the evaluation sentences</source>
        <translation>選択した実行(Ctrl+クリックで複数選択)を多数の語彙サイズで切り詰め、評価文でのジニ係数と総トークン数をプロットします</translation>
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
        <source>One run per</source>
        <translation>値ごとに学習</translation>
    </message>
    <message>
        <source>Values</source>
        <translation>値</translation>
    </message>
    <message>
        <source>Vocabulary and pieces</source>
        <translation>語彙とピース</translation>
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
        <source>Training {count} runs, {first} first…</source>
        <translation>{count} 回学習します。最初は {first}…</translation>
    </message>
    <message>
        <source>Cancelled the run under way; the run done before it is saved and selected in the list.</source>
        <translation>実行中の学習を取り消しました。その前に終わった 1 回分は保存され、一覧で選択されています。</translation>
    </message>
    <message>
        <source>Cancelled the run under way; the {count} runs done before it are saved and selected in the list.</source>
        <translation>実行中の学習を取り消しました。その前に終わった {count} 回分は保存され、一覧で選択されています。</translation>
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
        <source>Done: {count} runs, selected in the list (each says what it learned): Compare… puts them side by side.</source>
        <translation>完了: {count} 回の学習を一覧で選択しました（各行に学習結果があります）。「比較…」で並べて見られます。</translation>
    </message>
    <message>
        <source>Done: {count} runs, selected in the list (each says what it learned): Sweep sizes… or Compare… puts them side by side.</source>
        <translation>完了: {count} 回の学習を一覧で選択しました（各行に学習結果があります）。「サイズをスイープ…」か「比較…」で並べて見られます。</translation>
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
        <source>{bytes:.2f} bytes/token</source>
        <translation>{bytes:.2f} バイト/トークン</translation>
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
        <source>Choose a corpus first: the sweep measures its evaluation sentences</source>
        <translation>先にコーパスを選んでください: スイープはその評価文で測定します</translation>
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
    <name>SweepDialog</name>
    <message>
        <source>Vocabulary-size sweep</source>
        <translation>語彙サイズのスイープ</translation>
    </message>
    <message>
        <source>FROM:TO:xFACTOR, FROM:TO:+STEP or sizes separated by commas</source>
        <translation>FROM:TO:xFACTOR、FROM:TO:+STEP またはカンマ区切りのサイズ</translation>
    </message>
    <message>
        <source>Sweep</source>
        <translation>スイープ</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>キャンセル</translation>
    </message>
    <message>
        <source>Export plots…</source>
        <translation>プロットを書き出す…</translation>
    </message>
    <message>
        <source>Sizes</source>
        <translation>サイズ</translation>
    </message>
    <message>
        <source>Saved {path}</source>
        <translation>{path} に保存しました</translation>
    </message>
    <message>
        <source>Runs: {names}</source>
        <translation>実行: {names}</translation>
    </message>
    <message>
        <source>Sweep cancelled; the last curves stay.</source>
        <translation>スイープを取り消しました。直前の曲線はそのままです。</translation>
    </message>
    <message>
        <source>{runs} runs × {sizes} sizes on {sentences:,} evaluation sentences in {languages} languages (reference {reference})</source>
        <translation>{runs} 実行 × {sizes} サイズ、{languages} 言語の評価文 {sentences:,} 文(基準 {reference})</translation>
    </message>
    <message>
        <source>Could not sweep: {error}</source>
        <translation>スイープできませんでした: {error}</translation>
    </message>
</context>
<context>
    <name>SweepPlots</name>
    <message>
        <source>tokens</source>
        <translation>トークン数</translation>
    </message>
    <message>
        <source>ratio to the reference</source>
        <translation>基準言語との比</translation>
    </message>
    <message>
        <source>bytes per token</source>
        <translation>トークンあたりのバイト数</translation>
    </message>
    <message>
        <source>Rényi efficiency (α 2.5)</source>
        <translation>Rényi 効率(α 2.5)</translation>
    </message>
    <message>
        <source>share of words kept whole</source>
        <translation>分割されない語の割合</translation>
    </message>
    <message>
        <source>total tokens</source>
        <translation>総トークン数</translation>
    </message>
    <message>
        <source>Gini</source>
        <translation>ジニ係数</translation>
    </message>
    <message>
        <source>vocabulary size</source>
        <translation>語彙サイズ</translation>
    </message>
    <message>
        <source>Per language:</source>
        <translation>言語ごと:</translation>
    </message>
    <message>
        <source>of</source>
        <translation>対象</translation>
    </message>
    <message>
        <source>Gini against total tokens (a point per size)</source>
        <translation>総トークン数に対するジニ係数(サイズごとに一点)</translation>
    </message>
    <message>
        <source>{measure} per language, by vocabulary size</source>
        <translation>言語ごとの{measure}(語彙サイズ別)</translation>
    </message>
</context>
<context>
    <name>TextAutosave</name>
    <message>
        <source>Cannot save the text for next time: {path}: {reason}</source>
        <translation>次回のためにテキストを保存できません: {path}: {reason}</translation>
    </message>
    <message>
        <source>Cannot save the text for next time: {reason}</source>
        <translation>次回のためにテキストを保存できません: {reason}</translation>
    </message>
</context>
<context>
    <name>TextChecks</name>
    <message>
        <source>The text&apos;s carriage returns (\r) were turned into newlines: the text box holds lines only. To tokenize \r\n exactly, use `bpelens encode`.</source>
        <translation>テキストの復帰文字（\r）を改行に変えました: テキストボックスは行しか保持できません。\r\n をそのままトークン化するには `bpelens encode` を使ってください。</translation>
    </message>
    <message>
        <source>The text had {n} lone surrogates ({codes}, from bytes that were not UTF-8; UTF-8 cannot encode them): replaced by U+FFFD at characters {offsets}, as `bpelens encode` does.</source>
        <translation>テキストに孤立サロゲートが {n} 個ありました（{codes}。UTF-8 でないバイトに由来し、UTF-8 ではエンコードできません）: `bpelens encode` と同じく、文字位置 {offsets} で U+FFFD に置き換えました。</translation>
    </message>
    <message>
        <source>The text had {n} lone surrogate ({codes}, from bytes that were not UTF-8; UTF-8 cannot encode it): replaced by U+FFFD at character {offsets}, as `bpelens encode` does.</source>
        <translation>テキストに孤立サロゲートが {n} 個ありました（{codes}。UTF-8 でないバイトに由来し、UTF-8 ではエンコードできません）: `bpelens encode` と同じく、文字位置 {offsets} で U+FFFD に置き換えました。</translation>
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
    <name>TokenizerExtension</name>
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
        <source>{merges:,} merges learned ({tokens:,} new tokens; stopped: {why}). Saved as {file}.</source>
        <translation>マージを {merges:,} 個学習しました（新しいトークン {tokens:,} 個。停止理由: {why}）。{file} として保存しました。</translation>
    </message>
    <message>
        <source>{language}: not a language of {corpus} (it has {languages})</source>
        <translation>{language}: {corpus} の言語ではありません（あるのは {languages}）</translation>
    </message>
    <message>
        <source>{path}: no such text file</source>
        <translation>{path}: テキストファイルがありません</translation>
    </message>
    <message>
        <source>Reading the corpus…</source>
        <translation>コーパスを読み込んでいます…</translation>
    </message>
    <message>
        <source>Counting every language&apos;s tokens before and after…</source>
        <translation>各言語の前後のトークン数を数えています…</translation>
    </message>
</context>
<context>
    <name>TokenizerFiles</name>
    <message>
        <source>Tokenizers (*.json *.tiktoken *.gguf *.bpe *.model *.model.v* *.txt);;GGUF models (*.gguf);;SentencePiece and rank files (*.model *.model.v*);;All files (*)</source>
        <translation>トークナイザー (*.json *.tiktoken *.gguf *.bpe *.model *.model.v* *.txt);;GGUF モデル (*.gguf);;SentencePiece とランクファイル (*.model *.model.v*);;すべてのファイル (*)</translation>
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
    <name>TrainerChoice</name>
    <message>
        <source>Trainer</source>
        <translation>トレーナー</translation>
    </message>
</context>
<context>
    <name>TrainingCorpora</name>
    <message>
        <source>Seed 000 §1.1: low×5 lower×2 newest×6 widest×3 (4 merges)</source>
        <translation>シード 000 §1.1: low×5 lower×2 newest×6 widest×3（マージ 4 個）</translation>
    </message>
    <message>
        <source>Seed 001: the same words, end-of-word marker &lt;/w&gt;, first-occurrence ties</source>
        <translation>シード 001: 同じ単語、語末マーカー &lt;/w&gt;、同点は最初の出現順</translation>
    </message>
    <message>
        <source>The bundled demo corpus (every language), bytes, 500 merges</source>
        <translation>同梱のデモコーパス（全言語）、バイト単位、マージ 500 個</translation>
    </message>
    <message>
        <source>{path}: no such file</source>
        <translation>{path}: ファイルがありません</translation>
    </message>
    <message>
        <source>{path}: {size:.0f} MB is more than the {limit} MB training playback reads; use `bpelens train --trace-top K` and open the result</source>
        <translation>{path}: {size:.0f} MB は学習再生が読める {limit} MB を超えています。`bpelens train --trace-top K` を使って、その結果を開いてください</translation>
    </message>
</context>
<context>
    <name>TrainingPlots</name>
    <message>
        <source>merge</source>
        <translation>マージ</translation>
    </message>
    <message>
        <source>count</source>
        <translation>頻度</translation>
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
        <source>Count of the chosen pair, per merge</source>
        <translation>選ばれたペアの頻度（マージごと）</translation>
    </message>
    <message>
        <source>Corpus length in tokens, per merge</source>
        <translation>コーパスのトークン数（マージごと）</translation>
    </message>
    <message>
        <source>stage 2</source>
        <translation>第 2 段階</translation>
    </message>
    <message>
        <source>a merge that removed tokens</source>
        <translation>トークンを取り除いたマージ</translation>
    </message>
    <message>
        <source>Export plots…</source>
        <translation>グラフをエクスポート…</translation>
    </message>
    <message>
        <source>Save both plots as a picture for slides: PNG at a chosen size and scale, or SVG</source>
        <translation>両方のグラフをスライド用の画像として保存します: 大きさと倍率を選んだ PNG、または SVG</translation>
    </message>
    <message>
        <source>; the pair merged then was seen {count:,} times</source>
        <translation>。そのときマージしたペアの出現回数は {count:,} 回</translation>
    </message>
    <message>
        <source>; tokens were removed after it</source>
        <translation>。このマージの後にトークンが取り除かれました</translation>
    </message>
    <message>
        <source>after {merge:,} merges: {tokens:,} tokens</source>
        <translation>{merge:,} 回のマージ後: {tokens:,} トークン</translation>
    </message>
    <message>
        <source>Export plots</source>
        <translation>グラフのエクスポート</translation>
    </message>
</context>
<context>
    <name>TrainingStudio</name>
    <message>
        <source>{language} is not one of the files&apos; languages ({languages})</source>
        <translation>{language} はファイルの言語ではありません（{languages}）</translation>
    </message>
    <message>
        <source>no text file given</source>
        <translation>テキストファイルが指定されていません</translation>
    </message>
    <message>
        <source>{path}: a second file for {name}; give one file per language</source>
        <translation>{path}: {name} の 2 つ目のファイルです。1 言語に 1 ファイルを指定してください</translation>
    </message>
    <message>
        <source>{path}: no such file</source>
        <translation>{path}: ファイルがありません</translation>
    </message>
    <message>
        <source>{n} text files</source>
        <translation>テキストファイル {n} 個</translation>
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
        <translation>。</translation>
    </message>
    <message>
        <source>Reading the corpus…</source>
        <translation>コーパスを読み込んでいます…</translation>
    </message>
    <message>
        <source>Counting pieces: {done} of {total} languages…</source>
        <translation>ピースを数えています: {total} 言語中 {done}…</translation>
    </message>
    <message>
        <source>Counting the pieces of every language&apos;s lines…</source>
        <translation>全言語の行のピースを数えています…</translation>
    </message>
    <message>
        <source>Merge {done:,} of {total:,}</source>
        <translation>マージ {done:,} / {total:,}</translation>
    </message>
    <message>
        <source>training ended without a result</source>
        <translation>学習が結果なしで終わりました</translation>
    </message>
    <message>
        <source>Counting the dev set after each merge…</source>
        <translation>各マージ後の開発セットを数えています…</translation>
    </message>
    <message>
        <source>Counting the evaluation sentences…</source>
        <translation>評価用の文を数えています…</translation>
    </message>
    <message>
        <source>{language}&apos;s dev sentences hold {char!r} (U+{code:04X}), which no training line does: a character-level run of this trainer could not encode them; train at byte level, or on more lines</source>
        <translation>{language} の開発セットの文に {char!r} (U+{code:04X}) がありますが、学習用の行にはありません。このトレーナーの文字レベルの学習ではエンコードできないため、バイトレベルで学習するか、学習行を増やしてください</translation>
    </message>
    <message>
        <source>{language}&apos;s evaluation sentences hold {char!r} (U+{code:04X}), which no training line does: a character-level run of this trainer could not encode them; train at byte level, or on more lines</source>
        <translation>{language} の評価用の文に {char!r} (U+{code:04X}) がありますが、学習用の行にはありません。このトレーナーの文字レベルの学習ではエンコードできないため、バイトレベルで学習するか、学習行を増やしてください</translation>
    </message>
    <message>
        <source>{trainer} has no option {option}</source>
        <translation>{trainer} にはオプション {option} がありません</translation>
    </message>
    <message>
        <source>Run {number} of {count}: {message}</source>
        <translation>{count} 回中 {number} 回目: {message}</translation>
    </message>
    <message>
        <source> — about {seconds:.0f} s left</source>
        <translation> — 残り約 {seconds:.0f} 秒</translation>
    </message>
    <message>
        <source> — about {minutes:.0f} min left</source>
        <translation> — 残り約 {minutes:.0f} 分</translation>
    </message>
    <message>
        <source>Opening {name}…</source>
        <translation>{name} を開いています…</translation>
    </message>
    <message>
        <source>the runs share no language of this corpus</source>
        <translation>実行どうしに、このコーパスの共通の言語がありません</translation>
    </message>
    <message>
        <source>the split leaves no evaluation sentences: lower train or dev</source>
        <translation>この分割では評価文が残りません: train か dev を減らしてください</translation>
    </message>
    <message>
        <source>Sweeping {name}: {done:.0%}</source>
        <translation>{name} をスイープ中: {done:.0%}</translation>
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
        <source>Saved {path}</source>
        <translation>{path} を保存しました</translation>
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
        <source>SuperBPE trains byte-level BPE: choose the demo corpus or a text file</source>
        <translation>SuperBPE はバイトレベル BPE を学習します: デモコーパスかテキストファイルを選んでください</translation>
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
        <source>{token}   (superword)</source>
        <translation>{token}   (スーパーワード)</translation>
    </message>
    <message>
        <source>Vocabulary so far: {learned} tokens after {step} of {steps} merges and {removed} removals (+{base} base)</source>
        <translation>ここまでの語彙: マージ {step} / {steps} 回と除去 {removed} 回の後で {learned} トークン（＋基本 {base}）</translation>
    </message>
    <message>
        <source>Vocabulary learned so far: {learned} of {steps} merges (+{base} base)</source>
        <translation>ここまでに学習した語彙: {steps} マージ中 {learned}（+ 基本 {base}）</translation>
    </message>
    <message>
        <source> SuperBPE stage 1: merges stay inside words ({left} merges to the switch).</source>
        <translation> SuperBPE 第 1 段階: マージは語の内側に限られます(切り替えまで {left} マージ)。</translation>
    </message>
    <message>
        <source> SuperBPE stage 2 (from merge {first}): merges may cross spaces.</source>
        <translation> SuperBPE 第 2 段階(マージ {first} から): マージは空白をまたげます。</translation>
    </message>
    <message>
        <source> This token holds several words.</source>
        <translation> このトークンは複数の語を含みます。</translation>
    </message>
    <message>
        <source> Picky BPE removed {tokens}: nearly all of it went into this merge.</source>
        <translation> Picky BPE が {tokens} を取り除きました（ほぼすべてがこのマージに吸収されたため）。</translation>
    </message>
    <message>
        <source> Picky BPE removed {tokens}: nearly all of each went into this merge.</source>
        <translation> Picky BPE が {tokens} を取り除きました（ほぼすべてがこのマージに吸収されたため）。</translation>
    </message>
    <message>
        <source>{token} (split into {parts})</source>
        <translation>{token}（{parts} に分割）</translation>
    </message>
    <message>
        <source>{first} + … + {last}, {count} parts</source>
        <translation>{first} + … + {last}、{count} 個</translation>
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
    <message>
        <source>Chat</source>
        <translation>チャット</translation>
    </message>
</context>
</TS>
